package fairslot.catalog.store;

import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.catalog.domain.Assignee;
import fairslot.catalog.domain.AssigneeCalendar;
import fairslot.member.store.CalendarItemMapper;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A coach's or room's day ({@code COACH#<id>} / {@code ROOM#<id>}, {@code CAL#<utc day>}): version
 * and slotId → {start, end}.
 */
final class AssigneeCalendarMapper {
  private AssigneeCalendarMapper() {}

  static Map<String, AttributeValue> toItem(AssigneeCalendar calendar) {
    Map<String, AttributeValue> item =
        new HashMap<>(
            Attr.key(
                Keys.assignee(calendar.owner().kind().name(), calendar.owner().id()),
                Keys.calendarDay(calendar.day())));
    item.put("type", s(calendar.owner().kind().name() + "_CALENDAR"));
    item.put("version", n(calendar.version()));
    item.put("entries", CalendarItemMapper.intervals(calendar.entries()));
    return item;
  }

  static AssigneeCalendar fromItem(
      Assignee.Ref owner, LocalDate day, Map<String, AttributeValue> item) {
    return new AssigneeCalendar(
        owner, day, Attr.num(item, "version"), CalendarItemMapper.intervalsOf(item));
  }
}
