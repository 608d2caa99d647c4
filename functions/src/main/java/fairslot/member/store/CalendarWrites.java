package fairslot.member.store;

import static fairslot.table.Attr.ALL_OLD;
import static fairslot.table.Attr.n;

import fairslot.booking.domain.Booking;
import fairslot.member.domain.MemberCalendar;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.time.LocalDate;
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
  public TransactWriteItem add(MemberCalendar seen, Booking b) {
    MemberCalendar next = seen.with(b.bookingId(), b.slot().interval());
    Put.Builder put =
        Put.builder()
            .tableName(table)
            .item(CalendarItemMapper.toItem(next))
            .returnValuesOnConditionCheckFailure(ALL_OLD);
    if (seen.version() == 0) {
      put.conditionExpression("attribute_not_exists(PK)");
    } else {
      put.conditionExpression("version = :seen")
          .expressionAttributeValues(Map.of(":seen", n(seen.version())));
    }
    return TransactWriteItem.builder().put(put.build()).build();
  }

  public TransactWriteItem remove(Booking b, LocalDate day) {
    return TransactWriteItem.builder()
        .update(
            Update.builder()
                .tableName(table)
                .key(Attr.key(Keys.member(b.userId()), Keys.calendarDay(day)))
                .updateExpression("REMOVE entries.#b SET version = version + :one")
                .conditionExpression("attribute_exists(PK)")
                .expressionAttributeNames(Map.of("#b", b.bookingId()))
                .expressionAttributeValues(Map.of(":one", n(1)))
                .build())
        .build();
  }
}
