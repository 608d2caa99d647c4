package fairslot.member.domain;

import fairslot.kernel.Interval;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One member's EXCLUSIVE/SEATS bookings touching one UTC day. Stored as one item with a version; a
 * booking writes it with a version condition in the booking transaction, which makes the no-overlap
 * rule atomic.
 */
public record MemberCalendar(
    String userId, LocalDate day, long version, Map<String, Interval> entries) {

  public MemberCalendar {
    entries = Map.copyOf(entries);
  }

  /** A calendar nobody has written yet (version 0 means "the item must not exist"). */
  public static MemberCalendar empty(String userId, LocalDate day) {
    return new MemberCalendar(userId, day, 0, Map.of());
  }

  /** The booking this interval would clash with, if any. */
  public Optional<String> clashWith(Interval interval) {
    return entries.entrySet().stream()
        .filter(e -> e.getValue().overlaps(interval))
        .map(Map.Entry::getKey)
        .sorted()
        .findFirst();
  }

  public MemberCalendar with(String bookingId, Interval interval) {
    Map<String, Interval> next = new HashMap<>(entries);
    next.put(bookingId, interval);
    return new MemberCalendar(userId, day, version + 1, next);
  }

  /** The same entries at {@code version}. */
  public MemberCalendar withVersion(long version) {
    return new MemberCalendar(userId, day, version, entries);
  }

  /** The days as last seen, each replaced by its current version where {@code current} has one. */
  public static List<MemberCalendar> refreshed(
      List<MemberCalendar> seen, List<MemberCalendar> current) {
    return seen.stream()
        .map(s -> current.stream().filter(c -> c.day().equals(s.day())).findFirst().orElse(s))
        .toList();
  }
}
