package fairslot.catalog.domain;

import fairslot.kernel.Interval;
import java.time.Duration;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The slots of one resource with a changeover buffer that touch one UTC day (each slot counted in
 * the days of [start, end + buffer)), with a version. A slot of such a resource is created with
 * these days written under a version condition in the same transaction, so two slots that break
 * each other's gap can never both be created.
 */
public record ResourceDay(
    String resourceId, LocalDate day, long version, Map<String, Interval> entries) {

  public ResourceDay {
    entries = Map.copyOf(entries);
  }

  public static ResourceDay empty(String resourceId, LocalDate day) {
    return new ResourceDay(resourceId, day, 0, Map.of());
  }

  /** The UTC days a slot of this resource is written to: the slot and the gap after it. */
  public static List<LocalDate> daysOf(Interval session, Duration buffer) {
    return new Interval(session.start(), session.end().plus(buffer)).utcDays();
  }

  /**
   * The slots (by id, sorted) whose gap {@code session} would break: it starts within {@code
   * buffer} after one of them ends, or one of them starts within {@code buffer} after it ends.
   */
  public List<String> gapClashes(String slotId, Interval session, Duration buffer) {
    return entries.entrySet().stream()
        .filter(e -> !e.getKey().equals(slotId))
        .filter(
            e ->
                startsInGap(session, e.getValue(), buffer)
                    || startsInGap(e.getValue(), session, buffer))
        .map(Map.Entry::getKey)
        .sorted()
        .toList();
  }

  /** {@code later} starts at or after {@code earlier} ends and before its buffer does. */
  private static boolean startsInGap(Interval later, Interval earlier, Duration buffer) {
    return !later.start().isBefore(earlier.end())
        && later.start().isBefore(earlier.end().plus(buffer));
  }

  public ResourceDay with(String slotId, Interval session) {
    Map<String, Interval> next = new HashMap<>(entries);
    next.put(slotId, session);
    return new ResourceDay(resourceId, day, version + 1, next);
  }
}
