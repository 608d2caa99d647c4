package fairslot.notification.store;

import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.notification.domain.Delivery;
import fairslot.notification.domain.DeliveryStatus;
import fairslot.table.Transaction;
import fairslot.table.TxItems;
import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * A delivery that falls back (a subscribe message WeChat could not take): the claimed delivery
 * marked FELL_BACK with why, and its fall-back written, in one transaction on the claim's
 * condition, so the notice goes by exactly one fall-back however the runs overlap.
 */
final class DeliveryFallBacks {
  private enum Action {
    FROM,
    TO
  }

  private DeliveryFallBacks() {}

  static boolean fallBack(
      DynamoDbClient dynamo,
      String table,
      Delivery claimed,
      Delivery next,
      String why,
      Instant at,
      Instant leaseUntil) {
    return new Transaction<Action>()
        .add(
            Action.FROM,
            TxItems.update(
                Update.builder()
                    .tableName(table)
                    .key(NotificationItemMapper.deliveryKey(claimed.id()))
                    .updateExpression(
                        "SET #status = :fellBack, lastError = :why, #ttl = :ttl"
                            + " REMOVE notifyShard, notifyDueAt")
                    .conditionExpression("#status = :pending AND attempts = :seen")
                    .expressionAttributeNames(Map.of("#status", "status", "#ttl", "ttl"))
                    .expressionAttributeValues(
                        Map.of(
                            ":fellBack", s(DeliveryStatus.FELL_BACK),
                            ":why", s(why),
                            ":ttl", NoticeWrites.keptUntil(at),
                            ":pending", s(DeliveryStatus.PENDING),
                            ":seen", n(claimed.attempts())))))
        .add(
            Action.TO,
            TxItems.put(
                Put.builder()
                    .tableName(table)
                    .item(NotificationItemMapper.delivery(next, leaseUntil))
                    .conditionExpression("attribute_not_exists(PK)")))
        .commit(dynamo)
        .isEmpty();
  }
}
