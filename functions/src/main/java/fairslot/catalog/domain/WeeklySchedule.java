package fairslot.catalog.domain;

import fairslot.kernel.Interval;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;

/**
 * Weekly recurring sessions in a venue's zone, expanded into instants. A session keeps its local
 * wall-clock start across DST changes (an 18:00 class stays at 18:00) and its real length. Two
 * deliberate rules for the hours DST bends:
 *
 * <ul>
 *   <li>a start in a skipped hour (spring forward) moves later by the gap, e.g. 02:30 becomes
 *       03:30, and is reported as {@link Planned#shifted()};
 *   <li>a start in a repeated hour (fall back) takes the first occurrence (the earlier offset), so
 *       the session happens once, not twice.
 * </ul>
 */
public final class WeeklySchedule {
  private WeeklySchedule() {}

  /**
   * One weekly session: day, local start and local end (an end at or before the start ends next
   * day), and its own price in the generation's currency (v1.3 peak prices), if it has one.
   */
  public record Session(DayOfWeek day, LocalTime start, LocalTime end, OptionalLong priceMinor) {
    /** A session at the generation's price. */
    public Session(DayOfWeek day, LocalTime start, LocalTime end) {
      this(day, start, end, OptionalLong.empty());
    }

    /** Length on a day without a DST change. */
    public Duration length() {
      Duration d = Duration.between(start, end);
      return d.isNegative() || d.isZero() ? d.plusDays(1) : d;
    }
  }

  /**
   * A session on a date: the instants it occupies, whether DST moved its start, and its session's
   * own price, if any.
   */
  public record Planned(
      LocalDate date,
      LocalTime requestedStart,
      Interval interval,
      boolean shifted,
      OptionalLong priceMinor) {}

  /**
   * Every session from {@code from} to {@code to} (both inclusive, venue-local dates), in start
   * order.
   */
  public static List<Planned> expand(
      ZoneId zone, LocalDate from, LocalDate to, List<Session> sessions) {
    List<Planned> planned = new ArrayList<>();
    for (LocalDate date = from; !date.isAfter(to); date = date.plusDays(1)) {
      for (Session session : sessions) {
        if (session.day() != date.getDayOfWeek()) {
          continue;
        }
        LocalDateTime local = date.atTime(session.start());
        // ZonedDateTime.of: a gap moves later by its length, an overlap takes the earlier offset.
        ZonedDateTime start = ZonedDateTime.of(local, zone);
        boolean shifted = !start.toLocalDateTime().equals(local);
        planned.add(
            new Planned(
                date,
                session.start(),
                new Interval(start.toInstant(), start.toInstant().plus(session.length())),
                shifted,
                session.priceMinor()));
      }
    }
    planned.sort(Comparator.comparing((Planned p) -> p.interval().start()));
    return planned;
  }
}
