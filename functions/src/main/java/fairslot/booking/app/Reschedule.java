package fairslot.booking.app;

import fairslot.booking.domain.Booking;
import fairslot.catalog.app.SeatReleased;
import fairslot.member.domain.MemberCalendar;
import fairslot.money.domain.RefundPartPlan;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A booking moved to another slot in one transaction (v1.2 "reschedule"): the new seats taken and
 * the old returned, or neither.
 */
public final class Reschedule {
  private Reschedule() {}

  /**
   * {@code booking} as read (held to that version), {@code moved} as it will be on the new slot;
   * {@code calendars} the member's days of the new slot as last seen; {@code difference} the part
   * of its payment refunded when the new slot costs less; {@code otherLines} (one slot of a booking
   * of several moving) the booking's other lines as read, each given the new group.
   */
  public record Plan(
      Booking booking,
      Booking moved,
      Instant now,
      String actor,
      List<MemberCalendar> calendars,
      Optional<RefundPartPlan> difference,
      List<Booking> otherLines) {

    public Plan(
        Booking booking, Booking moved, Instant now, String actor, List<MemberCalendar> calendars) {
      this(booking, moved, now, actor, calendars, Optional.empty(), List.of());
    }

    public Plan(
        Booking booking,
        Booking moved,
        Instant now,
        String actor,
        List<MemberCalendar> calendars,
        Optional<RefundPartPlan> difference) {
      this(booking, moved, now, actor, calendars, difference, List.of());
    }

    public Plan {
      otherLines = List.copyOf(otherLines);
    }
  }

  public sealed interface Result {
    /** Moved; {@code released} announces the old slot's seats to its waitlist. */
    record Moved(Booking booking, SeatReleased released) implements Result {}

    /** The booking moved since it was read: here it is as it is now. */
    record NotInStatus(Booking current) implements Result {}

    /** The member already holds an active booking of the new slot. */
    record AlreadyBooked(String existingBookingId) implements Result {}

    /** The new slot has fewer than the booking's seats on open sale. */
    record SoldOut(int remaining) implements Result {}

    record SlotNotOpen() implements Result {}

    record SlotStarted() implements Result {}

    /** The new slot's price or venue policy changed since it was read: read it again. */
    record TermsChanged() implements Result {}

    /** The pass that paid the booking no longer pays for it there (expired, cancelled). */
    record PassExpired() implements Result {}

    /**
     * The payment refunded in part moved since it was read (another part, a cancel): read again.
     */
    record PaymentMoved() implements Result {}

    /** The member's calendar changed since it was last seen: here it is as it is now. */
    record CalendarsMoved(List<MemberCalendar> current) implements Result {}
  }
}
