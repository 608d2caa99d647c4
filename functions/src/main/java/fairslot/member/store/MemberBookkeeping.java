package fairslot.member.store;

import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.member.app.LiveBookings;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.Transaction;
import fairslot.table.TxItems;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;

/**
 * An erased member's per-venue counters and calendar days, deleted only when idle: a live booking's
 * release conditions on them. Each is judged from consistent reads and deleted on condition it is
 * as judged, so a booking made meanwhile keeps it.
 */
final class MemberBookkeeping {
  private final DynamoDbClient dynamo;
  private final String table;
  private final LiveBookings live;

  MemberBookkeeping(DynamoDbClient dynamo, String table, LiveBookings live) {
    this.dynamo = dynamo;
    this.table = table;
    this.live = live;
  }

  static boolean isBookkeeping(String sk) {
    return sk.startsWith("UPCOMING#")
        || sk.startsWith("CAL#")
        || sk.startsWith(Keys.couponUses())
        || sk.startsWith(Keys.prepaidGuards());
  }

  private enum Action {
    COUNT,
    IDLE
  }

  /**
   * A coupon's count of the member's redemptions: a hold that ends unpaid gives one back on it, so
   * it goes only together with a check that the member has no live booking at the venue (a booking
   * placed meanwhile counts there in its own transaction).
   */
  private boolean deleteCouponUse(Map<String, AttributeValue> item) {
    String venueId = Attr.str(item, "venueId");
    return new Transaction<Action>()
        .add(
            Action.COUNT,
            TxItems.delete(
                Delete.builder()
                    .tableName(table)
                    .key(Map.of(Keys.PK, item.get(Keys.PK), Keys.SK, item.get(Keys.SK)))
                    .conditionExpression("uses = :seen")
                    .expressionAttributeValues(Map.of(":seen", item.get("uses")))))
        .add(
            Action.IDLE,
            TxItems.check(
                ConditionCheck.builder()
                    .tableName(table)
                    .key(Map.of(Keys.PK, item.get(Keys.PK), Keys.SK, s(Keys.upcoming(venueId))))
                    .conditionExpression("attribute_not_exists(upcoming) OR upcoming <= :zero")
                    .expressionAttributeValues(Map.of(":zero", n(0)))))
        .commit(dynamo)
        .isEmpty();
  }

  /** Deletes the counter or day if nothing live counts on it; whether it did. */
  boolean deleteIfIdle(Map<String, AttributeValue> item) {
    String sk = Attr.str(item, Keys.SK);
    if (sk.startsWith(Keys.couponUses())) {
      return deleteCouponUse(item);
    }
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
          && item.get("entries").m().keySet().stream().anyMatch(live::isLive)) {
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
}
