package fairslot.payment.store;

import fairslot.definitions.Fairslot;
import fairslot.money.domain.Payment;
import fairslot.money.store.PaymentItemMapper;
import fairslot.money.store.PaymentWrites;
import fairslot.table.ShardedIndex;
import java.time.Instant;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * The payments-reconcile job's place for a PENDING payment: {@code payCheckShard} and {@code
 * payCheckAt} on the payment item (paymentsPending index), set when it is started
 * (PaymentItemMapper) and removed by every move out of PENDING (PaymentWrites).
 */
final class PendingPaymentChecks {
  private final DynamoDbClient dynamo;
  private final String table;
  private final PaymentWrites writes;

  PendingPaymentChecks(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.writes = new PaymentWrites(table);
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
      dynamo.updateItem(writes.schedulePendingCheck(seen, nextAt));
      return true;
    } catch (ConditionalCheckFailedException settled) {
      return false;
    }
  }

  boolean stop(Payment seen) {
    try {
      dynamo.updateItem(writes.stopPendingCheck(seen));
      return true;
    } catch (ConditionalCheckFailedException settled) {
      return false;
    }
  }
}
