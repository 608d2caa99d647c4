package fairslot.booking.app;

import fairslot.booking.domain.BookedSlot;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingGroup;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.domain.RescheduleRules;
import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.app.EventPublisher;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.member.domain.MemberCalendar;
import fairslot.money.domain.RefundPartPlan;
import fairslot.pass.app.PassStore;
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.PassStatus;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A booking moved to another slot of its venue (v1.2 {@code POST /bookings/{id}/reschedule}):
 * judged from the booking and the slot as read for a clear answer, decided by the reschedule
 * transaction's conditions. Allowed while a cancel would still be refunded in full. A move to a
 * dearer slot is refused ({@code price_higher}); to a cheaper one, a paid booking's difference is
 * refunded as a part of its payment in the same transaction (a hold whose payment is under way is
 * refused, {@code price_lower}: docs/api-notes.md). A booking paid with a pass moves with its
 * credits where the pass is valid.
 */
final class BookingReschedules {
  /** Re-reads after another request moved the booking, the slot's terms or the member's days. */
  private static final int MAX_ATTEMPTS = 6;

  private final CatalogStore catalog;
  private final BookingStore bookings;
  private final MemberBookings members;
  private final EventPublisher events;
  private final PassStore passes;
  private final RefundRequests refunds;
  private final Clock clock;

  BookingReschedules(
      CatalogStore catalog,
      BookingStore bookings,
      MemberBookings members,
      EventPublisher events,
      PassStore passes,
      RefundRequests refunds,
      Clock clock) {
    this.catalog = catalog;
    this.bookings = bookings;
    this.members = members;
    this.events = events;
    this.passes = passes;
    this.refunds = refunds;
    this.clock = clock;
  }

  Outcome<Booking> reschedule(
      String caller, boolean desk, String bookingId, Optional<String> fromSlotId, String toSlotId) {
    List<MemberCalendar> seen = null;
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      Optional<Booking> found =
          desk ? bookings.findLead(bookingId) : members.find(caller, bookingId);
      if (found.isEmpty()) {
        return Outcome.refused(Refusal.NOT_FOUND, "no booking " + bookingId);
      }
      Booking b = found.get();
      Booking lead = b;
      List<Booking> others = List.of();
      if (lead.group().isPresent()) {
        // One slot of a booking of several moves: the one fromSlotId names.
        if (fromSlotId.isEmpty()) {
          return Outcome.refused(
              Refusal.INVALID_REQUEST, "fromSlotId names which slot of the booking moves");
        }
        List<Booking> lines = new ArrayList<>(List.of(lead));
        lines.addAll(bookings.otherLines(lead));
        Optional<Booking> line =
            lines.stream().filter(l -> l.slotId().equals(fromSlotId.get())).findFirst();
        if (line.isEmpty()) {
          boolean done = lines.stream().anyMatch(l -> l.slotId().equals(toSlotId));
          // an earlier try of this request (its answer lost) already moved it
          return done && attempt > 1
              ? Outcome.done(bookings.findBooking(lead.bookingId()).orElse(lead))
              : Outcome.refused(
                  Refusal.INVALID_REQUEST, "the booking is not of slot " + fromSlotId.get());
        }
        b = line.get();
        Booking moving = b;
        others = lines.stream().filter(l -> !l.bookingId().equals(moving.bookingId())).toList();
      }
      if (b.slotId().equals(toSlotId)) {
        // an earlier try of this request (its answer lost) already moved it
        return attempt > 1
            ? Outcome.done(b)
            : Outcome.refused(Refusal.INVALID_TRANSITION, "the booking is already in that slot");
      }
      if (fromSlotId.isPresent() && !fromSlotId.get().equals(b.slotId())) {
        return Outcome.refused(
            Refusal.INVALID_REQUEST, "the booking is not of slot " + fromSlotId.get());
      }
      Instant now = clock.instant();
      Optional<Outcome<Booking>> refused = RescheduleRules.refusal(b, now);
      if (refused.isPresent()) {
        return refused.get();
      }
      Optional<Slot> target = catalog.findSlot(toSlotId);
      if (target.isEmpty()) {
        return Outcome.refused(Refusal.NOT_FOUND, "no slot " + toSlotId);
      }
      Optional<Outcome<Booking>> wrongSlot = RescheduleRules.slotRefusal(b, target.get(), now);
      if (wrongSlot.isPresent()) {
        return wrongSlot.get();
      }
      Booking moved;
      Optional<RefundPartPlan> difference = Optional.empty();
      if (b.pass().isPresent()) {
        // paid with credits: no money price binds it, the pass must be valid where it goes
        moved = b.movedTo(BookedSlot.of(target.get()), b.amount());
        Optional<Outcome<Booking>> pass = passRefusal(b, target.get());
        if (pass.isPresent()) {
          return pass.get();
        }
      } else {
        Money newPrice = target.get().price().times(b.quantity());
        moved = b.movedTo(BookedSlot.of(target.get()), newPrice);
        if (b.coupon().isPresent()) {
          // the coupon's money off stays with the booking, on the new price
          moved = moved.withCoupon(b.coupon().get().on(newPrice));
        }
        // a booking of several slots is paid by its lead: its payment is the one under way
        Optional<Outcome<Booking>> price = RescheduleRules.priceRefusal(b, moved, lead.paymentNo());
        if (price.isPresent()) {
          return price.get();
        }
        if (moved.amount().minor() < b.amount().minor() && b.status() == BookingStatus.PAID) {
          Money back =
              new Money(b.amount().minor() - moved.amount().minor(), b.amount().currency());
          difference = lead.paymentNo().flatMap(paymentNo -> refunds.partOf(paymentNo, back, now));
          if (difference.isEmpty()) {
            return Outcome.refused(
                Refusal.INVALID_TRANSITION,
                "the booking's payment cannot be refunded in part now; try again shortly");
          }
          // the difference shows beside what the booking keeps, as a part refunded
          moved = moved.withMoneyBack(b.moneyBack().plusPart(back));
        }
      }
      if (seen == null) {
        seen = bookings.calendars(b.userId(), moved.calendarDays());
      }
      if (moved.group().isPresent()) {
        Booking m = moved;
        moved = m.inGroup(m.group().get().withLine(BookingGroup.Line.of(m)));
      }
      Optional<String> clash = RescheduleRules.clash(seen, moved);
      if (clash.isPresent()) {
        // The member's own booking of that very slot is the one-booking-per-slot rule.
        boolean sameSlot =
            bookings.findBooking(clash.get()).map(c -> c.slotId().equals(toSlotId)).orElse(false);
        return sameSlot
            ? Outcome.refused(Refusal.ALREADY_BOOKED, "you already hold a booking of that slot")
            : Outcome.refused(
                Refusal.TIME_CONFLICT,
                "you already hold an overlapping booking",
                Map.of("conflictingBookingId", clash.get()));
      }
      Reschedule.Result result =
          bookings.reschedule(new Reschedule.Plan(b, moved, now, caller, seen, difference, others));
      if (result instanceof Reschedule.Result.Moved done) {
        events.seatsReleased(done.released()); // the old seats, to the old slot's waitlist
        // the difference now, rather than at the refund job's next run
        difference.ifPresent(d -> refunds.attemptNow(d.part()));
        // a booking of several slots answers as the booking the member sees: its lead
        return Outcome.done(
            lead.group().isPresent() && !lead.bookingId().equals(b.bookingId())
                ? bookings.findBooking(lead.bookingId()).orElse(done.booking())
                : done.booking());
      }
      if (result instanceof Reschedule.Result.AlreadyBooked) {
        return Outcome.refused(Refusal.ALREADY_BOOKED, "you already hold a booking of that slot");
      }
      if (result instanceof Reschedule.Result.SoldOut soldOut) {
        return Outcome.refused(
            Refusal.SOLD_OUT,
            "the slot has not enough seats left",
            Map.of("remaining", Math.max(0, soldOut.remaining())));
      }
      if (result instanceof Reschedule.Result.SlotNotOpen) {
        return Outcome.refused(Refusal.SLOT_CLOSED, "the slot takes no bookings");
      }
      if (result instanceof Reschedule.Result.SlotStarted) {
        return Outcome.refused(Refusal.SLOT_IN_PAST, "the slot has already started");
      }
      if (result instanceof Reschedule.Result.PassExpired) {
        return Outcome.refused(Refusal.PASS_EXPIRED, "the pass is not valid for that slot");
      }
      if (result instanceof Reschedule.Result.CalendarsMoved moved2) {
        seen = MemberCalendar.refreshed(seen, moved2.current());
      }
      // NotInStatus (paid, cancelled, moved meanwhile) or TermsChanged: look again.
    }
    return Outcome.refused(Refusal.THROTTLED, "the booking is busy; try again shortly");
  }

  /**
   * The booking's pass as read: its plan covers the new slot's resource, and it is active and valid
   * at the new start (the transaction holds the second; a plan never changes). Its credits for the
   * booking are held already: the same seats need the same credits.
   */
  private Optional<Outcome<Booking>> passRefusal(Booking b, Slot target) {
    Optional<Pass> pass = passes.findPass(b.userId(), b.pass().get().passId());
    if (pass.isEmpty() || !pass.get().plan().covers(target.venueId(), target.resourceId())) {
      return Optional.of(
          Outcome.refused(Refusal.PASS_NOT_VALID_HERE, "the pass does not pay for that slot"));
    }
    boolean valid =
        pass.get().status() == PassStatus.ACTIVE
            && pass.get()
                .validUntil()
                .map(u -> target.interval().start().isBefore(u))
                .orElse(false);
    return valid
        ? Optional.empty()
        : Optional.of(Outcome.refused(Refusal.PASS_EXPIRED, "the pass is not valid for that slot"));
  }
}
