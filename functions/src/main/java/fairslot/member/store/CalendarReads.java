package fairslot.member.store;

import fairslot.member.domain.MemberCalendar;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A member's calendar days, read consistently: a day with no item is an empty calendar. */
public final class CalendarReads {
  private CalendarReads() {}

  public static List<MemberCalendar> of(
      DynamoDbClient dynamo, String table, String userId, List<LocalDate> days) {
    List<MemberCalendar> result = new ArrayList<>();
    for (LocalDate day : days) {
      Map<String, AttributeValue> item =
          dynamo
              .getItem(
                  r ->
                      r.tableName(table)
                          .key(Attr.key(Keys.member(userId), Keys.calendarDay(day)))
                          .consistentRead(true))
              .item();
      result.add(
          item == null || item.isEmpty()
              ? MemberCalendar.empty(userId, day)
              : CalendarItemMapper.fromItem(userId, day, item));
    }
    return result;
  }
}
