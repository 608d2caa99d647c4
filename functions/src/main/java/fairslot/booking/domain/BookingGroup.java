package fairslot.booking.domain;

import fairslot.kernel.Interval;
import fairslot.kernel.Money;
import java.util.List;

/**
 * The slots of one booking of several (v1.2): each is a booking of its own slot (a line), so every
 * per-slot reader (the slot's roster, waitlist, seat ledger, check-in) sees it as any booking; the
 * group ties them under one hold, one payment and one cancel. Every line carries the whole group,
 * lead first: the lead is the booking the member sees, the earliest slot.
 */
public record BookingGroup(List<Line> lines) {
  /** Most slots one booking takes (API.md v1.2). */
  public static final int MAX_SLOTS = 12;

  /** One slot of the group as it was booked. */
  public record Line(
      String bookingId, String slotId, String resourceId, Interval interval, Money amount) {
    /** The line {@code b} is: its id, slot, resource, times and price. */
    public static Line of(Booking b) {
      return new Line(
          b.bookingId(), b.slotId(), b.slot().resourceId(), b.slot().interval(), b.amount());
    }
  }

  /** The group of {@code lines}, lead first. */
  public static BookingGroup of(List<Booking> lines) {
    return new BookingGroup(lines.stream().map(Line::of).toList());
  }

  public BookingGroup {
    lines = List.copyOf(lines);
    if (lines.size() < 2 || lines.size() > MAX_SLOTS) {
      throw new IllegalArgumentException("a group has 2 to " + MAX_SLOTS + " lines");
    }
  }

  public String leadId() {
    return lines.get(0).bookingId();
  }

  /** Every line's booking id but {@code bookingId}, in the group's order. */
  public List<String> othersThan(String bookingId) {
    return lines.stream().map(Line::bookingId).filter(id -> !id.equals(bookingId)).toList();
  }

  /** This group with {@code moved}'s line where it was (a reschedule of one slot). */
  public BookingGroup withLine(Line moved) {
    return new BookingGroup(
        lines.stream().map(l -> l.bookingId().equals(moved.bookingId()) ? moved : l).toList());
  }

  /** What the member pays for the whole booking: every line's price, as booked. */
  public Money total() {
    Money sum = new Money(0, lines.get(0).amount().currency());
    for (Line line : lines) {
      sum = sum.plus(line.amount());
    }
    return sum;
  }
}
