package fairslot.catalog.domain;

import fairslot.kernel.Interval;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One coach's or room's sessions touching one UTC day: slotId to interval, with a version. A slot
 * is created with this day written under a version condition in the same transaction, so two
 * overlapping sessions can never both be created.
 */
public record AssigneeCalendar(
    Assignee.Ref owner, LocalDate day, long version, Map<String, Interval> entries) {

  public AssigneeCalendar {
    entries = Map.copyOf(entries);
  }

  /** Nobody has written this day yet (version 0: the item must not exist). */
  public static AssigneeCalendar empty(Assignee.Ref owner, LocalDate day) {
    return new AssigneeCalendar(owner, day, 0, Map.of());
  }

  /** The sessions ([start, end), touching ends allowed) this interval would overlap, by id. */
  public List<String> clashesWith(Interval interval) {
    return entries.entrySet().stream()
        .filter(e -> e.getValue().overlaps(interval))
        .map(Map.Entry::getKey)
        .sorted()
        .toList();
  }

  public AssigneeCalendar with(String slotId, Interval interval) {
    Map<String, Interval> next = new HashMap<>(entries);
    next.put(slotId, interval);
    return new AssigneeCalendar(owner, day, version + 1, next);
  }
}
