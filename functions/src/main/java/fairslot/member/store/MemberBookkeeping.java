package fairslot.member.store;

import static fairslot.table.Attr.n;

import fairslot.booking.domain.BookingStatus;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.RawItems;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;

/**
 * An erased member's per-venue counters and calendar days, deleted only when idle: a live booking's
 * release conditions on them. Each is judged from consistent reads and deleted on condition it is
 * as judged, so a booking made meanwhile keeps it.
 */
final class MemberBookkeeping {
  private static final Set<BookingStatus> LIVE =
      Set.of(BookingStatus.PENDING_PAY, BookingStatus.PAID);

  private final DynamoDbClient dynamo;
  private final String table;

  MemberBookkeeping(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  static boolean isBookkeeping(String sk) {
    return sk.startsWith("UPCOMING#") || sk.startsWith("CAL#");
  }

  /** Deletes the counter or day if nothing live counts on it; whether it did. */
  boolean deleteIfIdle(Map<String, AttributeValue> item) {
    String sk = Attr.str(item, Keys.SK);
    DeleteItemRequest.Builder delete =
        DeleteItemRequest.builder()
            .tableName(table)
            .key(Map.of(Keys.PK, item.get(Keys.PK), Keys.SK, item.get(Keys.SK)));
    if (sk.startsWith("UPCOMING#")) {
      // the count of the member's live bookings at the venue
      delete
          .conditionExpression("attribute_not_exists(upcoming) OR upcoming <= :zero")
          .expressionAttributeValues(Map.of(":zero", n(0)));
    } else {
      if (item.containsKey("entries")
          && item.get("entries").m().keySet().stream().anyMatch(this::isLive)) {
        return false;
      }
      // an entry added since the read moves the version
      delete
          .conditionExpression("version = :seen")
          .expressionAttributeValues(Map.of(":seen", item.get("version")));
    }
    try {
      dynamo.deleteItem(delete.build());
      return true;
    } catch (ConditionalCheckFailedException inUse) {
      return false;
    }
  }

  private boolean isLive(String bookingId) {
    return RawItems.get(dynamo, table, Attr.key(Keys.booking(bookingId), "BOOKING"))
        .filter(b -> LIVE.contains(BookingStatus.valueOf(Attr.str(b, "status"))))
        .isPresent();
  }
}
