package fairslot.member.store;

import static fairslot.table.Attr.ALL_OLD;
import static fairslot.table.Attr.n;

import fairslot.member.domain.CalendarEntry;
import fairslot.member.domain.MemberCalendar;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.TxItems;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/** The member's day calendar item (no two of their bookings overlap). */
public final class CalendarWrites {
  private final String table;

  public CalendarWrites(String table) {
    this.table = table;
  }

  /** Writes the day with the booking's entry, on condition nobody changed it since {@code seen}. */
  public TransactWriteItem add(MemberCalendar seen, CalendarEntry b) {
    return add(seen, List.of(b));
  }

  /**
   * Writes the day with every line of a booking of several slots that touches it (one write per day
   * and transaction), on condition nobody changed it since {@code seen}. Lines of one booking may
   * overlap each other (two courts at once); they may not overlap anything else.
   */
  public TransactWriteItem add(MemberCalendar seen, List<CalendarEntry> lines) {
    MemberCalendar next = seen;
    for (CalendarEntry b : lines) {
      if (b.days().contains(seen.day())) {
        next = next.with(b.bookingId(), b.interval());
      }
    }
    Put.Builder put =
        Put.builder()
            .tableName(table)
            .item(CalendarItemMapper.toItem(next.withVersion(seen.version() + 1)))
            .returnValuesOnConditionCheckFailure(ALL_OLD);
    if (seen.version() == 0) {
      put.conditionExpression("attribute_not_exists(PK)");
    } else {
      put.conditionExpression("version = :seen")
          .expressionAttributeValues(Map.of(":seen", n(seen.version())));
    }
    return TransactWriteItem.builder().put(put.build()).build();
  }

  /** Takes every line of a booking of several slots off the day, in one write. */
  public TransactWriteItem remove(List<CalendarEntry> lines, LocalDate day) {
    List<CalendarEntry> on = lines.stream().filter(b -> b.days().contains(day)).toList();
    Map<String, String> names = new HashMap<>();
    List<String> removes = new ArrayList<>();
    for (int i = 0; i < on.size(); i++) {
      names.put("#b" + i, on.get(i).bookingId());
      removes.add("entries.#b" + i);
    }
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(Attr.key(Keys.member(on.get(0).userId()), Keys.calendarDay(day)))
            .updateExpression(
                "REMOVE " + String.join(", ", removes) + " SET version = version + :one")
            .conditionExpression("attribute_exists(PK)")
            .expressionAttributeNames(names)
            .expressionAttributeValues(Map.of(":one", n(1))));
  }

  public TransactWriteItem remove(CalendarEntry b, LocalDate day) {
    return remove(List.of(b), day);
  }
}
