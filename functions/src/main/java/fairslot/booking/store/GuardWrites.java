package fairslot.booking.store;

import static fairslot.table.Attr.ALL_OLD;
import static fairslot.table.Attr.s;

import fairslot.booking.domain.Booking;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.TxItems;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The member guard item (one active booking per member per slot): put with the booking, deleted
 * with its release.
 */
public final class GuardWrites {
  private final String table;

  public GuardWrites(String table) {
    this.table = table;
  }

  /** One active booking per member per slot. */
  public TransactWriteItem put(Booking b) {
    return TxItems.put(
        Put.builder()
            .tableName(table)
            .item(
                Map.of(
                    Keys.PK,
                    s(Keys.slot(b.slotId())),
                    Keys.SK,
                    s(Keys.memberGuard(b.userId())),
                    "type",
                    s("MEMBER_GUARD"),
                    "bookingId",
                    s(b.bookingId())))
            .conditionExpression("attribute_not_exists(PK)")
            .returnValuesOnConditionCheckFailure(ALL_OLD));
  }

  public TransactWriteItem delete(Booking b) {
    return TransactWriteItem.builder()
        .delete(
            Delete.builder()
                .tableName(table)
                .key(Attr.key(Keys.slot(b.slotId()), Keys.memberGuard(b.userId())))
                .conditionExpression("attribute_not_exists(PK) OR bookingId = :b")
                .expressionAttributeValues(Map.of(":b", s(b.bookingId())))
                .build())
        .build();
  }
}
