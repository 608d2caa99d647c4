package fairslot.booking.app;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.MemberRules;
import fairslot.member.domain.MemberCalendar;
import java.time.Instant;
import java.util.ArrayList;
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
   * recipient's days as last seen; {@code rules} the venue's member rules that bind the recipient;
   * {@code otherLines} a booking of several slots' other lines as read.
   */
  public record Plan(
      Booking booking,
      String toUserId,
      Instant now,
      String actor,
      List<MemberCalendar> calendars,
      MemberRules rules,
      List<Booking> otherLines) {

    /** A booking of one slot. */
    public Plan(
        Booking booking,
        String toUserId,
        Instant now,
        String actor,
        List<MemberCalendar> calendars,
        MemberRules rules) {
      this(booking, toUserId, now, actor, calendars, rules, List.of());
    }

    public Plan {
      otherLines = List.copyOf(otherLines);
    }

    /** The booking as the transfer leaves it. */
    public Booking given() {
      return booking.ownedBy(toUserId);
    }

    /**
     * Every line of the booking as read, lead first: each changes hands; those in the lead's status
     * (still holding seats) also move their guard, count and calendar entry.
     */
    public List<Booking> lines() {
      List<Booking> all = new ArrayList<>(List.of(booking));
      all.addAll(otherLines);
      return all;
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
