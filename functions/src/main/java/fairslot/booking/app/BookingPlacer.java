package fairslot.booking.app;

import fairslot.booking.app.BookingStore.BookingPlan;
import fairslot.booking.app.BookingStore.PlaceAttempt;
import fairslot.booking.app.BookingStore.PlaceResult;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingLines;
import fairslot.booking.domain.MemberRules;
import fairslot.booking.domain.Placement;
import fairslot.booking.domain.SeatSource;
import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.Slot;
import fairslot.coupon.domain.Coupon;
import fairslot.idempotency.app.Replayable;
import fairslot.idempotency.app.StoredResponse;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.Outcome;
import fairslot.kernel.RecentSightings;
import fairslot.kernel.Refusal;
import fairslot.member.domain.MemberCalendar;
import fairslot.pass.domain.Pass;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Places a booking of one slot or several, for its {@link Placement}: the lines, the transaction,
 * and the retries while what the transaction saw moves. A booking of one slot is a group of one;
 * only a refusal of several names the slot it is about (API.md v1.2). The policy each kind of
 * placement binds comes from the placement; BookingService only says which kind.
 */
final class BookingPlacer {
  /**
   * Re-reads after someone else's write moved what this request saw (the member's calendar, the
   * slot's terms). Each such miss means another request succeeded, so the loop retries at once and
   * ends; faults and contention are retried below, by the SDK's policy (fairslot.aws.AwsRetries).
   */
  private static final int MAX_ATTEMPTS = 6;

  private final CatalogStore catalog;
  private final BookingStore bookings;
  private final IdGenerator ids;
  private final Function<Booking, StoredResponse> createdResponse;
  private final OverdueHoldReclaim reclaim;
  private final RecentSightings soldOut = new RecentSightings();

  /**
   * @param createdResponse how a new booking is answered; kept with the idempotency record, in the
   *     booking transaction, so a retry replays the first answer byte for byte
   */
  BookingPlacer(
      CatalogStore catalog,
      BookingStore bookings,
      IdGenerator ids,
      Function<Booking, StoredResponse> createdResponse,
      OverdueHoldReclaim reclaim) {
    this.catalog = catalog;
    this.bookings = bookings;
    this.ids = ids;
    this.createdResponse = createdResponse;
    this.reclaim = reclaim;
  }

  /**
   * The booking transaction for {@code placement} of {@code quantity} seats in each of {@code
   * slots} (judged already), paid with {@code pass} if there is one; tried again while what it saw
   * moves: the terms (an admin's edit), the member's calendar days, holds that lapsed. Faults and
   * contention are the SDK's to retry; this loop ends when another request's success is all that
   * moved.
   */
  Outcome<Booked> place(
      Placement placement, List<Slot> slots, int quantity, Optional<Pass> pass, Instant now) {
    return place(placement, slots, quantity, pass, Optional.empty(), now);
  }

  /** As above, one slot's booking bought with {@code coupon} (judged already). */
  Outcome<Booked> place(
      Placement placement,
      List<Slot> slots,
      int quantity,
      Optional<Pass> pass,
      Coupon coupon,
      Instant now) {
    return place(placement, slots, quantity, pass, Optional.of(coupon), now);
  }

  private Outcome<Booked> place(
      Placement placement,
      List<Slot> slots,
      int quantity,
      Optional<Pass> pass,
      Optional<Coupon> coupon,
      Instant now) {
    String userId = placement.userId();
    boolean several = slots.size() > 1;
    MemberRules rules = PlacementJudge.rulesOf(slots.get(0), placement);
    if (rules.upcomingLimit().isPresent() && slots.size() > rules.upcomingLimit().getAsInt()) {
      // more slots than the member may hold at once: refused before any write
      return PlacementOutcomes.of(
          new PlaceResult.LimitReached(rules.upcomingLimit().getAsInt()),
          null,
          slots.get(0).slotId(),
          slots.get(0).timeZone());
    }
    List<String> lineIds = new ArrayList<>();
    slots.forEach(s -> lineIds.add(ids.newId()));
    List<Booking> lines =
        withCoupon(BookingLines.of(lineIds, userId, quantity, slots, now, pass), coupon);
    List<MemberCalendar> calendars =
        BookingLines.days(lines).stream().map(d -> MemberCalendar.empty(userId, d)).toList();
    Set<String> reclaimed = new HashSet<>();
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      StoredResponse response = createdResponse.apply(lines.get(0));
      PlaceAttempt tried = attempt(placement, lines, slots.get(0), calendars, response, now);
      PlaceResult result = tried.result();
      String slotId = tried.slotId().orElse(lines.get(0).slotId());
      if (result instanceof PlaceResult.TermsChanged) {
        // An admin changed the price or the venue policy since this container's slot facts were
        // read: new bookings are made under the new terms, so every slot is read again and the
        // lines made anew.
        List<Slot> fresh = new ArrayList<>();
        for (Slot slot : slots) {
          Slot current = catalog.findSlot(slot.slotId()).orElse(slot);
          if (placement.windowApplies()) {
            Optional<Outcome<Booked>> closed = PlacementJudge.outsideWindow(current, now);
            if (closed.isPresent()) {
              return named(several, closed.get(), current.slotId()); // the new window is shut
            }
          }
          Optional<String> couponGone =
              coupon.flatMap(
                  c ->
                      c.whyNot(
                          current.venueId(),
                          current.resourceId(),
                          current.price().times(quantity),
                          now));
          if (couponGone.isPresent()) {
            return Outcome.refused(Refusal.COUPON_INVALID, couponGone.get()); // the new price
          }
          fresh.add(current);
        }
        slots = fresh;
        lines = withCoupon(BookingLines.of(lineIds, userId, quantity, slots, now, pass), coupon);
        continue;
      }
      if (result instanceof PlaceResult.SoldOut) {
        soldOut.saw(slotId);
        // Seats behind holds that ran out are bookable now, not at the next sweep.
        if (placement.fromOffer().isEmpty()
            && reclaimed.add(slotId)
            && reclaim.reclaim(slotOf(slots, slotId), now) > 0) {
          attempt--;
          continue;
        }
      }
      if (result instanceof PlaceResult.CalendarsMoved moved) {
        for (Booking line : lines) {
          Optional<String> clash =
              moved.current().stream()
                  .flatMap(c -> c.clashWith(line.slot().interval()).stream())
                  .findFirst();
          if (clash.isPresent()) {
            Outcome<Booked> conflict =
                Outcome.refused(
                    Refusal.TIME_CONFLICT,
                    "you already hold an overlapping booking",
                    Map.of("conflictingBookingId", clash.get()));
            return named(several, conflict, line.slotId());
          }
        }
        // The member booked something else meanwhile that does not clash: try on the fresh days.
        calendars = MemberCalendar.refreshed(calendars, moved.current());
        continue;
      }
      Outcome<Booked> outcome =
          PlacementOutcomes.of(result, response, slotId, slotOf(slots, slotId).timeZone());
      return result instanceof PlaceResult.Placed || result instanceof PlaceResult.Replay
          ? outcome
          : named(several, outcome, slotId);
    }
    return Outcome.refused(
        Refusal.THROTTLED,
        several
            ? "too much contention on these slots; try again shortly"
            : "too much contention on this slot; try again shortly");
  }

  /**
   * One attempt. A plain booking of one slot this container saw sold out a moment ago is first
   * looked at with two condition checks: the crowd behind a sell-out is answered by them instead of
   * by full transactions that fail.
   */
  private PlaceAttempt attempt(
      Placement placement,
      List<Booking> lines,
      Slot first,
      List<MemberCalendar> calendars,
      StoredResponse response,
      Instant now) {
    if (lines.size() == 1 && placement.mayProbe() && soldOut.sawRecently(first.slotId())) {
      Optional<PlaceResult> probed = bookings.probe(lines.get(0), now);
      if (probed.isPresent()) {
        return new PlaceAttempt(probed.get(), Optional.empty());
      }
    }
    return bookings.place(
        new BookingPlan(
            lines,
            now,
            placement.actor(),
            calendars,
            seatOf(placement),
            PlacementJudge.rulesOf(first, placement),
            placement.idempotency().map(key -> new Replayable(key, response))));
  }

  /** The one line bought with {@code coupon}: its price less the coupon's part. */
  private static List<Booking> withCoupon(List<Booking> lines, Optional<Coupon> coupon) {
    if (coupon.isEmpty()) {
      return lines;
    }
    Booking line = lines.get(0);
    return List.of(line.withCoupon(coupon.get().useOn(line.amount())));
  }

  /** A refusal of a booking of several slots names the slot it is about. */
  static Outcome<Booked> named(boolean several, Outcome<Booked> outcome, String slotId) {
    return several ? PlacementOutcomes.withSlot(outcome, slotId) : outcome;
  }

  private static Slot slotOf(List<Slot> slots, String slotId) {
    return slots.stream().filter(s -> s.slotId().equals(slotId)).findFirst().orElseThrow();
  }

  private static SeatSource seatOf(Placement placement) {
    if (placement.fromOffer().isPresent()) {
      return new SeatSource.Offer(placement.fromOffer().get());
    }
    if (placement.grantsRequest().isPresent()) {
      return new SeatSource.QueuedRequest(placement.grantsRequest().get(), placement.grantsFrom());
    }
    return new SeatSource.OpenSale();
  }
}
