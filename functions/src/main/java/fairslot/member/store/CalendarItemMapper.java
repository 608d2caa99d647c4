package fairslot.member.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.kernel.Interval;
import fairslot.member.domain.MemberCalendar;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.Transaction;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A member's day: {@code version} plus {@code entries}, a map of bookingId to {start, end}. */
public final class CalendarItemMapper {
  private CalendarItemMapper() {}

  public static Map<String, AttributeValue> toItem(MemberCalendar calendar) {
    Map<String, AttributeValue> item =
        new HashMap<>(Attr.key(Keys.member(calendar.userId()), Keys.calendarDay(calendar.day())));
    item.put("type", s("CALENDAR"));
    item.put("version", n(calendar.version()));
    item.put("entries", intervals(calendar.entries()));
    return item;
  }

  /** A map of id → [start, end) as stored in a calendar day's {@code entries}. */
  public static AttributeValue intervals(Map<String, Interval> byId) {
    Map<String, AttributeValue> entries = new HashMap<>();
    byId.forEach(
        (id, interval) ->
            entries.put(
                id,
                AttributeValue.fromM(
                    Map.of("start", millis(interval.start()), "end", millis(interval.end())))));
    return AttributeValue.fromM(entries);
  }

  public static Map<String, Interval> intervalsOf(Map<String, AttributeValue> item) {
    Map<String, Interval> entries = new HashMap<>();
    AttributeValue stored = item.get("entries");
    if (stored != null && stored.hasM()) {
      stored
          .m()
          .forEach(
              (id, v) ->
                  entries.put(
                      id,
                      new Interval(
                          Instant.ofEpochMilli(Long.parseLong(v.m().get("start").n())),
                          Instant.ofEpochMilli(Long.parseLong(v.m().get("end").n())))));
    }
    return entries;
  }

  public static MemberCalendar fromItem(
      String userId, LocalDate day, Map<String, AttributeValue> item) {
    return new MemberCalendar(userId, day, Attr.num(item, "version"), intervalsOf(item));
  }

  /**
   * The calendar days (actions {@code action} 0, 1, ... of a cancelled transaction) whose version
   * condition failed, as they are now.
   */
  public static <A extends Enum<A>> List<MemberCalendar> moved(
      Transaction.Cancelled<A> reasons, A action, List<MemberCalendar> seen) {
    List<MemberCalendar> moved = new ArrayList<>();
    for (int i = 0; i < seen.size(); i++) {
      if (reasons.failed(action, i)) {
        MemberCalendar day = seen.get(i);
        moved.add(
            reasons
                .oldItem(action, i)
                .map(item -> fromItem(day.userId(), day.day(), item))
                .orElse(MemberCalendar.empty(day.userId(), day.day())));
      }
    }
    return moved;
  }
}
