package fairslot.booking.app;

import fairslot.booking.app.BookingStore.BookingPlan;
import fairslot.booking.app.BookingStore.PlaceResult;
import fairslot.booking.app.BookingStore.Replayable;
import fairslot.booking.domain.BookedSlot;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.domain.MemberRules;
import fairslot.booking.domain.Placement;
import fairslot.booking.domain.SeatSource;
import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.Slot;
import fairslot.idempotency.app.StoredResponse;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.Interval;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.RecentSightings;
import fairslot.kernel.Refusal;
import fairslot.kernel.VenueTime;
import fairslot.member.domain.MemberCalendar;
import fairslot.pass.app.PassStore;
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.PassUse;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Places one booking for its {@link Placement}: the pass it is paid with, the transaction, and the
 * retries while what the transaction saw moves. The policy each kind of placement binds comes from
 * the placement; BookingService only says which kind.
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
  private final PassStore passes;
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
      PassStore passes,
      IdGenerator ids,
      Function<Booking, StoredResponse> createdResponse,
      OverdueHoldReclaim reclaim) {
    this.catalog = catalog;
    this.bookings = bookings;
    this.passes = passes;
    this.ids = ids;
    this.createdResponse = createdResponse;
    this.reclaim = reclaim;
  }

  /**
   * {@code b} paid with the member's pass, if one is named: judged first from the pass as read, for
   * a clear answer (404 for a pass that is not theirs); the booking transaction states the same
   * rules as conditions.
   */
  Outcome<Booking> withPass(Booking b, Optional<String> passId, Slot slot) {
    if (passId.isEmpty()) {
      return Outcome.done(b);
    }
    Optional<Pass> pass = passes.findPass(b.userId(), passId.get());
    if (pass.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no pass " + passId.get());
    }
    Optional<Refusal> refusal =
        pass.get()
            .refusalFor(slot.venueId(), slot.resourceId(), slot.interval().start(), b.quantity());
    if (refusal.isPresent()) {
      return Outcome.refused(refusal.get(), PlacementOutcomes.passDetail(refusal.get()));
    }
    return Outcome.done(paidWithPass(b, pass.get()));
  }

  /**
   * The booking transaction for {@code placement}, tried again while what it saw moves: the terms
   * (an admin's edit), the member's calendar days, holds that lapsed. Faults and contention are the
   * SDK's to retry; this loop ends when another request's success is all that moved.
   */
  Outcome<Booked> place(Placement placement, Booking booking, Slot slot, Instant now) {
    StoredResponse response = createdResponse.apply(booking);
    String userId = booking.userId();
    List<MemberCalendar> calendars =
        booking.calendarDays().stream().map(d -> MemberCalendar.empty(userId, d)).toList();
    boolean reclaimed = placement.fromOffer().isPresent();
    // A plain booking on a slot this container saw sold out a moment ago is first looked at with
    // two
    // condition checks: the crowd behind a sell-out is answered by them instead of by full
    // transactions that fail.
    boolean mayProbe = placement.mayProbe();
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      PlaceResult result = null;
      if (mayProbe && soldOut.sawRecently(slot.slotId())) {
        result = bookings.probe(booking, now).orElse(null);
      }
      if (result == null) {
        StoredResponse answer = response;
        result =
            bookings.place(
                new BookingPlan(
                    booking,
                    now,
                    placement.actor(),
                    calendars,
                    seatOf(placement),
                    rulesOf(slot, placement),
                    placement.idempotency().map(key -> new Replayable(key, answer))));
      }
      if (result instanceof PlaceResult.TermsChanged) {
        // An admin changed the price or the venue policy since this container's slot facts were
        // read: new bookings are made under the new terms, so make this one again from the slot as
        // it is, and try again.
        slot = catalog.findSlot(slot.slotId()).orElse(slot);
        if (placement.windowApplies()) {
          Optional<Outcome<Booked>> closed = outsideWindow(slot, now);
          if (closed.isPresent()) {
            return closed.get(); // the new policy's window is shut
          }
        }
        Optional<PassUse> use = booking.pass();
        booking = newBooking(booking.bookingId(), booking.userId(), booking.quantity(), slot, now);
        if (use.isPresent()) {
          booking = paidWithPass(booking, use.get()); // still paid with the same pass
        }
        response = createdResponse.apply(booking);
        continue;
      }
      if (result instanceof PlaceResult.SoldOut) {
        soldOut.saw(slot.slotId());
      }
      if (result instanceof PlaceResult.SoldOut && !reclaimed) {
        // Seats behind holds that ran out are bookable now, not at the next sweep.
        reclaimed = true;
        if (reclaim.reclaim(slot, now) > 0) {
          attempt--;
          continue;
        }
      }
      if (result instanceof PlaceResult.CalendarsMoved moved) {
        Interval wanted = slot.interval();
        Optional<String> clash =
            moved.current().stream().flatMap(c -> c.clashWith(wanted).stream()).findFirst();
        if (clash.isPresent()) {
          return Outcome.refused(
              Refusal.TIME_CONFLICT,
              "you already hold an overlapping booking",
              Map.of("conflictingBookingId", clash.get()));
        }
        // The member booked something else meanwhile that does not clash: try on the fresh days.
        calendars = MemberCalendar.refreshed(calendars, moved.current());
      } else {
        return PlacementOutcomes.of(result, response, slot.slotId(), slot.timeZone());
      }
    }
    return Outcome.refused(
        Refusal.THROTTLED, "too much contention on this slot; try again shortly");
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
   * The venue's limit on a member's upcoming bookings, like a no-show suspension, binds every
   * booking made for the member: their own (a waitlist accept included) and the system's on their
   * behalf (AUTO_HOLD, a queued grant). Only the desk books past it, as staff's decision (its
   * bookings count).
   */
  /** The venue's member limits bind every placement but the desk's. */
  static MemberRules rulesOf(Slot slot, Placement placement) {
    return placement.bindsPolicy()
        ? new MemberRules(
            slot.policy().maxUpcomingPerMember(), slot.policy().noShowPolicy().isPresent())
        : MemberRules.NONE;
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

  /** The booking paid by the pass: PAID at once, no money, the credits the plan takes. */
  static Booking paidWithPass(Booking b, Pass pass) {
    return paidWithPass(b, new PassUse(pass.passId(), pass.plan().creditsFor(b.quantity())));
  }

  private static Booking paidWithPass(Booking b, PassUse use) {
    return new Booking(
            b.bookingId(),
            b.userId(),
            b.quantity(),
            BookingStatus.PAID,
            new Money(0, b.amount().currency()),
            Optional.empty(),
            b.createdAt(),
            Optional.empty(),
            b.slot(),
            b.version())
        .paidWith(use);
  }

  Booking newBooking(String userId, int quantity, Slot slot, Instant now) {
    return newBooking(ids.newId(), userId, quantity, slot, now);
  }

  static Booking newBooking(String bookingId, String userId, int quantity, Slot slot, Instant now) {
    boolean free = slot.price().isFree();
    return new Booking(
        bookingId,
        userId,
        quantity,
        free ? BookingStatus.PAID : BookingStatus.PENDING_PAY,
        slot.price().times(quantity),
        free ? Optional.empty() : Optional.of(now.plus(slot.policy().holdDuration())),
        now,
        Optional.empty(),
        BookedSlot.of(slot),
        1);
  }
}
