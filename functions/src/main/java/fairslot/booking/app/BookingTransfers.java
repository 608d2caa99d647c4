package fairslot.booking.app;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.domain.MemberRules;
import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.member.domain.MemberCalendar;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * A PAID booking given to another member (v1.2 {@code POST /bookings/{id}/transfer}): judged from
 * the booking as read for a clear answer, decided by the transfer transaction's conditions. The
 * giver's own transfers bind the recipient with the venue's member rules; the desk's, like its
 * bookings, go past them. Answers never show the recipient's other bookings to the giver.
 */
final class BookingTransfers {
  /** Re-reads after another request moved the booking or the recipient's calendar. */
  private static final int MAX_ATTEMPTS = 6;

  private final CatalogStore catalog;
  private final BookingStore bookings;
  private final MemberBookings members;
  private final Clock clock;

  BookingTransfers(
      CatalogStore catalog, BookingStore bookings, MemberBookings members, Clock clock) {
    this.catalog = catalog;
    this.bookings = bookings;
    this.members = members;
    this.clock = clock;
  }

  Outcome<Booking> transfer(String caller, boolean desk, String bookingId, String toUserId) {
    if (!desk && toUserId.equals(caller)) {
      return Outcome.refused(Refusal.INVALID_REQUEST, "the booking is already yours");
    }
    List<MemberCalendar> seen = null;
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      Optional<Booking> found =
          desk ? bookings.findLead(bookingId) : members.find(caller, bookingId);
      if (!desk && attempt > 1 && found.isEmpty()) {
        // No longer the caller's after a try: a try whose answer was lost may have given it.
        Optional<Booking> now = bookings.findBooking(bookingId);
        if (now.isPresent() && now.get().userId().equals(toUserId)) {
          return Outcome.done(now.get());
        }
      }
      if (found.isEmpty()) {
        return Outcome.refused(Refusal.NOT_FOUND, "no booking " + bookingId);
      }
      Booking b = found.get();
      if (b.userId().equals(toUserId)) {
        // the desk repeating a transfer that happened: nothing to do
        return desk
            ? Outcome.done(b)
            : Outcome.refused(Refusal.INVALID_REQUEST, "the booking is already theirs");
      }
      Optional<Outcome<Booking>> refused = refusal(b, toUserId);
      if (refused.isPresent()) {
        return refused.get();
      }
      Instant now = clock.instant();
      // a booking of several slots changes hands whole: its lines still holding seats bind
      List<Booking> others = bookings.otherLines(b);
      Booking lead = b;
      List<Booking> holding = new ArrayList<>(List.of(b));
      others.stream().filter(l -> l.status() == lead.status()).forEach(holding::add);
      if (seen == null) {
        TreeSet<LocalDate> days = new TreeSet<>();
        holding.forEach(l -> days.addAll(l.calendarDays()));
        seen = bookings.calendars(toUserId, List.copyOf(days));
      }
      List<MemberCalendar> seenNow = seen;
      Optional<String> clash =
          holding.stream().flatMap(l -> clash(seenNow, l).stream()).findFirst();
      if (clash.isPresent()) {
        // Their booking of this very slot is the rule of one booking per slot, as a booking says.
        boolean sameSlot =
            bookings
                .findBooking(clash.get())
                .map(c -> holding.stream().anyMatch(l -> l.slotId().equals(c.slotId())))
                .orElse(false);
        return sameSlot
            ? Outcome.refused(
                Refusal.ALREADY_BOOKED, "the member already holds a booking of this slot")
            : Outcome.refused(
                Refusal.TIME_CONFLICT, "the member already holds an overlapping booking");
      }
      Transfer.Result result =
          bookings.transfer(
              new Transfer.Plan(b, toUserId, now, caller, seen, rules(b, desk), others));
      if (result instanceof Transfer.Result.Transferred done) {
        return Outcome.done(done.booking());
      }
      if (result instanceof Transfer.Result.AlreadyBooked) {
        return Outcome.refused(
            Refusal.ALREADY_BOOKED, "the member already holds a booking of this slot");
      }
      if (result instanceof Transfer.Result.LimitReached limit) {
        return Outcome.refused(
            Refusal.BOOKING_LIMIT_REACHED,
            "the member already has " + limit.limit() + " upcoming bookings at this venue");
      }
      if (result instanceof Transfer.Result.Suspended) {
        return Outcome.refused(
            Refusal.MEMBER_SUSPENDED, "the member may not book at this venue at the moment");
      }
      if (result instanceof Transfer.Result.CalendarsMoved moved) {
        seen =
            MemberCalendar.refreshed(seen, moved.current()); // judged again on the days as they are
      }
      // NotInStatus: paid, cancelled or given meanwhile: look again.
    }
    return Outcome.refused(Refusal.THROTTLED, "the booking is busy; try again shortly");
  }

  /** What the booking as read already refuses, before any write. */
  private Optional<Outcome<Booking>> refusal(Booking b, String toUserId) {
    if (b.pass().isPresent()) {
      return Optional.of(
          Outcome.refused(
              Refusal.NOT_TRANSFERABLE, "a booking paid with a pass's credits stays its member's"));
    }
    if (b.status() == BookingStatus.PENDING_PAY) {
      return Optional.of(
          Outcome.refused(Refusal.NOT_TRANSFERABLE, "a hold is paid before it is given away"));
    }
    if (b.status() != BookingStatus.PAID) {
      return Optional.of(
          Outcome.refused(
              Refusal.NOT_TRANSFERABLE, "a " + b.status() + " booking cannot be given away"));
    }
    if (!clock.instant().isBefore(b.slot().interval().start())) {
      return Optional.of(Outcome.refused(Refusal.SLOT_IN_PAST, "the slot has already started"));
    }
    if (!members.known(toUserId)) {
      return Optional.of(Outcome.refused(Refusal.NOT_FOUND, "no member " + toUserId));
    }
    return Optional.empty();
  }

  /** The venue's member rules bind a member's transfer; the desk's goes past them. */
  private MemberRules rules(Booking b, boolean desk) {
    if (desk) {
      return MemberRules.NONE;
    }
    Optional<Slot> slot = catalog.findSlot(b.slotId());
    return slot.map(
            s ->
                new MemberRules(
                    s.policy().maxUpcomingPerMember(), s.policy().noShowPolicy().isPresent()))
        .orElse(MemberRules.NONE);
  }

  /** The recipient's booking the given one would overlap, if any. */
  private static Optional<String> clash(List<MemberCalendar> days, Booking b) {
    return days.stream().flatMap(c -> c.clashWith(b.slot().interval()).stream()).findFirst();
  }
}
