package fairslot.booking.app;

import fairslot.booking.app.BookingStore.MemberRules;
import fairslot.booking.domain.Booking;
import fairslot.member.domain.MemberCalendar;
import java.time.Instant;
import java.util.List;

/**
 * A booking given to another member in one transaction (v1.2 "transfer"): the booking item changes
 * hands on condition nothing else moved it, the giver's guard, upcoming count and calendar days go,
 * the recipient's come with the recipient's rules.
 */
public final class Transfer {
  private Transfer() {}

  /**
   * {@code booking} as read (the transaction holds it to that version); {@code calendars} are the
   * recipient's days as last seen; {@code rules} the venue's member rules that bind the recipient.
   */
  public record Plan(
      Booking booking,
      String toUserId,
      Instant now,
      String actor,
      List<MemberCalendar> calendars,
      MemberRules rules) {

    /** The booking as the transfer leaves it. */
    public Booking given() {
      return booking.ownedBy(toUserId);
    }
  }

  public sealed interface Result {
    record Transferred(Booking booking) implements Result {}

    /** The booking moved since it was read (paid, cancelled, given): here it is as it is now. */
    record NotInStatus(Booking current) implements Result {}

    /** The recipient already holds an active booking of the slot. */
    record AlreadyBooked(String existingBookingId) implements Result {}

    /** The recipient already has {@code limit} upcoming bookings at the venue. */
    record LimitReached(int limit) implements Result {}

    /** The recipient is suspended at the venue until {@code until}. */
    record Suspended(Instant until) implements Result {}

    /** The recipient's calendar changed since it was last seen: here it is as it is now. */
    record CalendarsMoved(List<MemberCalendar> current) implements Result {}
  }
}
