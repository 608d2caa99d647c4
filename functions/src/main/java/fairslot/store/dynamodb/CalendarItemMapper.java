package fairslot.store.dynamodb;

import static fairslot.store.dynamodb.Attr.millis;
import static fairslot.store.dynamodb.Attr.n;
import static fairslot.store.dynamodb.Attr.s;

import fairslot.domain.Interval;
import fairslot.domain.MemberCalendar;
import java.time.Instant;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A member's day: {@code version} plus {@code entries}, a map of bookingId to {start, end}. */
final class CalendarItemMapper {
  private CalendarItemMapper() {}

  static Map<String, AttributeValue> toItem(MemberCalendar calendar) {
    Map<String, AttributeValue> item =
        new HashMap<>(Attr.key(Keys.member(calendar.userId()), Keys.calendarDay(calendar.day())));
    item.put("type", s("CALENDAR"));
    item.put("version", n(calendar.version()));
    Map<String, AttributeValue> entries = new HashMap<>();
    calendar.entries().forEach((bookingId, interval) -> entries.put(bookingId, AttributeValue.fromM(Map.of(
        "start", millis(interval.start()), "end", millis(interval.end())))));
    item.put("entries", AttributeValue.fromM(entries));
    return item;
  }

  static MemberCalendar fromItem(String userId, LocalDate day, Map<String, AttributeValue> item) {
    Map<String, Interval> entries = new HashMap<>();
    AttributeValue stored = item.get("entries");
    if (stored != null && stored.hasM()) {
      stored.m().forEach((bookingId, v) -> entries.put(bookingId, new Interval(
          Instant.ofEpochMilli(Long.parseLong(v.m().get("start").n())),
          Instant.ofEpochMilli(Long.parseLong(v.m().get("end").n())))));
    }
    return new MemberCalendar(userId, day, Attr.num(item, "version"), entries);
  }
}
