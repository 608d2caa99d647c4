package fairslot.payment.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.s;

import fairslot.definitions.Fairslot;
import fairslot.payment.domain.Payment;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.ShardedIndex;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * The payments-reconcile job's place for a PENDING payment: {@code payCheckShard} and {@code
 * payCheckAt} on the payment item (paymentsPending index), set when it is started
 * (PaymentItemMapper) and removed by every move out of PENDING (TransactionParts).
 */
final class PendingPaymentChecks {
  private final DynamoDbClient dynamo;
  private final String table;

  PendingPaymentChecks(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  List<Payment> due(Instant now, int limit) {
    return new ShardedIndex(
            dynamo,
            table,
            Fairslot.PAYMENTS_PENDING,
            PaymentItemMapper.PENDING_FAMILY,
            "payCheckShard",
            "payCheckAt")
        .dueBy(now, limit).items().stream().map(PaymentItemMapper::fromItem).toList();
  }

  boolean schedule(Payment seen, Instant nextAt) {
    try {
      dynamo.updateItem(
          r ->
              r.tableName(table)
                  .key(Attr.key(Keys.payment(seen.paymentNo()), "PAYMENT"))
                  .updateExpression("SET payCheckAt = :next")
                  .conditionExpression("#status = :pending AND attribute_exists(payCheckShard)")
                  .expressionAttributeNames(Map.of("#status", "status"))
                  .expressionAttributeValues(
                      Map.of(
                          ":next",
                          millis(nextAt),
                          ":pending",
                          s(fairslot.payment.domain.PaymentStatus.PENDING))));
      return true;
    } catch (ConditionalCheckFailedException settled) {
      return false;
    }
  }

  boolean stop(Payment seen) {
    try {
      dynamo.updateItem(
          r ->
              r.tableName(table)
                  .key(Attr.key(Keys.payment(seen.paymentNo()), "PAYMENT"))
                  .updateExpression("REMOVE payCheckShard, payCheckAt")
                  .conditionExpression("#status = :pending AND attribute_exists(payCheckShard)")
                  .expressionAttributeNames(Map.of("#status", "status"))
                  .expressionAttributeValues(
                      Map.of(":pending", s(fairslot.payment.domain.PaymentStatus.PENDING))));
      return true;
    } catch (ConditionalCheckFailedException settled) {
      return false;
    }
  }
}
