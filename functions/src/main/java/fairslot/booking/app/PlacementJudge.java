package fairslot.booking.app;

import fairslot.booking.domain.BookingGroup;
import fairslot.booking.domain.MemberRules;
import fairslot.booking.domain.Placement;
import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.Slot;
import fairslot.coupon.app.CouponStore;
import fairslot.coupon.domain.Coupon;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.kernel.VenueTime;
import fairslot.pass.app.PassStore;
import fairslot.pass.domain.Pass;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a booking of one slot or several is refused for before any write, judged from the slots'
 * facts and the pass as read: only facts that never change, and refusals re-judged on the slot as
 * it is. Seats, status and the member's other bookings are decided by the transaction's own
 * conditions. A refusal of several slots names the slot it is about.
 */
final class PlacementJudge {
  private final CatalogStore catalog;
  private final PassStore passes;
  private final CouponStore coupons;

  PlacementJudge(CatalogStore catalog, PassStore passes, CouponStore coupons) {
    this.catalog = catalog;
    this.passes = passes;
    this.coupons = coupons;
  }

  /** The slots named, each judged as a booking of it would be, and all at one venue. */
  Outcome<List<Slot>> slots(List<String> slotIds, int quantity, Placement placement, Instant now) {
    boolean several = slotIds.size() > 1;
    if (slotIds.size() > BookingGroup.MAX_SLOTS) {
      return Outcome.refused(
          Refusal.TOO_MANY_SLOTS,
          "one booking takes at most " + BookingGroup.MAX_SLOTS + " slots",
          Map.of("limit", BookingGroup.MAX_SLOTS));
    }
    HashSet<String> seen = new HashSet<>();
    for (String id : slotIds) {
      if (!seen.add(id)) {
        return refusedAt(several, Refusal.SLOT_REPEATED, "the slot is named twice", id);
      }
    }
    List<Slot> slots = new ArrayList<>();
    for (String id : slotIds) {
      Optional<Slot> found = catalog.slotFacts(id);
      if (found.isEmpty()) {
        return refusedAt(several, Refusal.NOT_FOUND, "no slot " + id, id);
      }
      Optional<Outcome<List<Slot>>> refusal = line(found.get(), quantity, several, now);
      if (refusal.isPresent()) {
        return refusal.get();
      }
      slots.add(found.get());
    }
    for (Slot slot : slots) {
      if (!slot.venueId().equals(slots.get(0).venueId())
          || !slot.price().currency().equals(slots.get(0).price().currency())) {
        return refusedAt(
            several,
            Refusal.OTHER_VENUE,
            "every slot of one booking is at one venue",
            slot.slotId());
      }
    }
    // The cached facts may predate an edit that opened the window: a refusal is judged on the slot
    // as it is (a booking, by the transaction's revision condition). The desk and a waitlist offer
    // book at any time before the start.
    for (int i = 0; i < slots.size() && placement.windowApplies(); i++) {
      if (outsideWindow(slots.get(i), now).isPresent()) {
        Slot fresh = catalog.findSlot(slots.get(i).slotId()).orElse(slots.get(i));
        Optional<Outcome<List<Slot>>> closed = outsideWindow(fresh, now);
        if (closed.isPresent()) {
          return several ? PlacementOutcomes.withSlot(closed.get(), fresh.slotId()) : closed.get();
        }
        slots.set(i, fresh);
      }
    }
    return Outcome.done(slots);
  }

  /** What a booking of one slot is refused for from the slot's facts alone. */
  private static Optional<Outcome<List<Slot>>> line(
      Slot slot, int quantity, boolean several, Instant now) {
    int max = Math.min(slot.policy().maxPerBooking(), slot.capacity());
    if (quantity < 1 || quantity > max) {
      return Optional.of(
          refusedAt(
              several,
              Refusal.INVALID_REQUEST,
              "quantity must be between 1 and " + max,
              slot.slotId()));
    }
    if (slot.hasStarted(now)) {
      return Optional.of(
          refusedAt(several, Refusal.SLOT_IN_PAST, "the slot has already started", slot.slotId()));
    }
    if (several && slot.admission() != Admission.DIRECT) {
      // A queue or lottery decides one slot's seats in its own order; a booking of several slots
      // cannot wait in several lines at once (docs/api-notes.md).
      return Optional.of(
          refusedAt(
              several,
              Refusal.SEVERAL_SLOTS,
              "a " + slot.admission() + " slot is booked on its own",
              slot.slotId()));
    }
    return Optional.empty();
  }

  /**
   * The member's pass named to pay, if one is: judged first from the pass as read, for a clear
   * answer (404 for a pass that is not theirs): each slot's rule, then every slot's credits at
   * once. The booking transaction states the same rules as conditions.
   */
  Outcome<Optional<Pass>> pass(
      String userId, Optional<String> passId, List<Slot> slots, int quantity) {
    if (passId.isEmpty()) {
      return Outcome.done(Optional.empty());
    }
    Optional<Pass> pass = passes.findPass(userId, passId.get());
    if (pass.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no pass " + passId.get());
    }
    for (Slot slot : slots) {
      Optional<Refusal> one =
          pass.get().refusalFor(slot.venueId(), slot.resourceId(), slot.interval().start(), 0);
      if (one.isPresent()) {
        return refusedAt(
            slots.size() > 1, one.get(), PlacementOutcomes.passDetail(one.get()), slot.slotId());
      }
    }
    if (pass.get().creditsLeft() < pass.get().plan().creditsFor(quantity) * slots.size()) {
      return Outcome.refused(
          Refusal.INSUFFICIENT_CREDITS, PlacementOutcomes.passDetail(Refusal.INSUFFICIENT_CREDITS));
    }
    return Outcome.done(pass);
  }

  /**
   * The venue's coupon {@code code} names, judged for {@code quantity} seats of {@code slot} (422
   * coupon_invalid when it does not apply). A coupon takes money off, so not off a pass's booking;
   * and it is redeemed as the seat is taken, so only where that is now (a queue or lottery decides
   * later). Its limits are the booking transaction's conditions.
   */
  Outcome<Coupon> coupon(String code, Slot slot, int quantity, Optional<Pass> pass, Instant now) {
    if (pass.isPresent()) {
      return Outcome.refused(Refusal.COUPON_INVALID, "a booking paid with a pass takes no coupon");
    }
    if (slot.admission() != Admission.DIRECT) {
      return Outcome.refused(
          Refusal.COUPON_INVALID,
          "a coupon is not taken for a " + slot.admission() + " slot: its seats are decided later");
    }
    Optional<Coupon> coupon = coupons.find(slot.venueId(), code);
    if (coupon.isEmpty()) {
      return Outcome.refused(Refusal.COUPON_INVALID, "no coupon " + code + " at this venue");
    }
    return coupon
        .get()
        .whyNot(slot.venueId(), slot.resourceId(), slot.price().times(quantity), now)
        .<Outcome<Coupon>>map(why -> Outcome.refused(Refusal.COUPON_INVALID, why))
        .orElse(Outcome.done(coupon.get()));
  }

  /**
   * The venue's booking window (v1.1 "Booking policy"), judged under the policy the booking copies:
   * the transaction's revision condition makes sure that policy is still the slot's. It limits
   * members booking for themselves; a waitlist offer, a desk booking and a late payment's revival
   * are not new bookings by the member and are not judged by it.
   */
  static <T> Optional<Outcome<T>> outsideWindow(Slot slot, Instant now) {
    var window = slot.policy().bookingWindow();
    Instant start = slot.interval().start();
    if (window.isOpen(start, now)) {
      return Optional.empty();
    }
    Map<String, Object> when = new LinkedHashMap<>();
    window.opensAt(start).ifPresent(at -> when.put("opensAt", VenueTime.show(at, slot.timeZone())));
    when.put("closesAt", VenueTime.show(window.closesAt(start), slot.timeZone()));
    return Optional.of(
        Outcome.refused(
            Refusal.BOOKING_WINDOW_CLOSED,
            now.isBefore(window.closesAt(start))
                ? "booking for this slot has not opened yet"
                : "booking for this slot has closed",
            when));
  }

  /**
   * The venue's member limits (upcoming bookings, no-show suspension) bind every booking made for
   * the member: their own (a waitlist accept included) and the system's on their behalf (AUTO_HOLD,
   * a queued grant). Only the desk books past them, as staff's decision (its bookings count).
   */
  static MemberRules rulesOf(Slot slot, Placement placement) {
    return placement.bindsPolicy()
        ? new MemberRules(
            slot.policy().maxUpcomingPerMember(), slot.policy().noShowPolicy().isPresent())
        : MemberRules.NONE;
  }

  private static <T> Outcome<T> refusedAt(
      boolean several, Refusal refusal, String detail, String slotId) {
    return several
        ? Outcome.refused(refusal, detail, Map.of("slotId", slotId))
        : Outcome.refused(refusal, detail);
  }
}
