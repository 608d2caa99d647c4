package fairslot.kernel;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/** A half-open time range [start, end): touching ends do not overlap. */
public record Interval(Instant start, Instant end) {

  public Interval {
    if (!start.isBefore(end)) {
      throw new IllegalArgumentException("interval must end after it starts");
    }
  }

  public boolean overlaps(Interval other) {
    return start.isBefore(other.end) && other.start.isBefore(end);
  }

  public Duration length() {
    return Duration.between(start, end);
  }

  /** The UTC days this interval touches; a booking crossing midnight touches both days. */
  public List<LocalDate> utcDays() {
    LocalDate first = LocalDate.ofInstant(start, ZoneOffset.UTC);
    LocalDate last = LocalDate.ofInstant(end.minusNanos(1), ZoneOffset.UTC);
    List<LocalDate> days = new ArrayList<>();
    for (LocalDate d = first; !d.isAfter(last); d = d.plusDays(1)) {
      days.add(d);
    }
    return days;
  }
}
