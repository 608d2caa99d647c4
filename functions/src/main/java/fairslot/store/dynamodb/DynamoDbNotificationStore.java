package fairslot.store.dynamodb;

import static fairslot.store.dynamodb.Attr.millis;
import static fairslot.store.dynamodb.Attr.n;
import static fairslot.store.dynamodb.Attr.s;

import fairslot.app.NotificationStore;
import fairslot.definitions.Fairslot;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

public final class DynamoDbNotificationStore implements NotificationStore {
  private final DynamoDbClient dynamo;
  private final String table;

  public DynamoDbNotificationStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  @Override
  public List<Pending> due(Instant now, int limit) {
    return new ShardedIndex(
            dynamo, table, Fairslot.NOTIFICATIONS_DUE, "NOTIFY", "notifyShard", "notifyDueAt")
        .dueBy(now, limit).items().stream()
            .map(i -> new Pending(NotificationItemMapper.fromItem(i), Attr.integer(i, "attempts")))
            .toList();
  }

  @Override
  public boolean sent(Pending p, Instant at) {
    return update(
        p,
        "SET #status = :sent, sentAt = :at REMOVE notifyShard, notifyDueAt",
        Map.of(":sent", s("SENT"), ":at", millis(at)));
  }

  @Override
  public boolean failed(Pending p, Instant nextAt, boolean park, String error) {
    return park
        ? update(
            p,
            "SET #status = :parked, attempts = :attempts, lastError = :error REMOVE notifyShard, notifyDueAt",
            Map.of(":parked", s("PARKED"), ":attempts", n(p.attempts() + 1), ":error", s(error)))
        : update(
            p,
            "SET attempts = :attempts, notifyDueAt = :next, lastError = :error",
            Map.of(":attempts", n(p.attempts() + 1), ":next", millis(nextAt), ":error", s(error)));
  }

  /** Conditional on the record still being PENDING with the attempts this sender saw. */
  private boolean update(
      Pending p,
      String expression,
      Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> values) {
    var all = new java.util.HashMap<>(values);
    all.put(":pending", s("PENDING"));
    all.put(":seen", n(p.attempts()));
    try {
      dynamo.updateItem(
          r ->
              r.tableName(table)
                  .key(Attr.key(Keys.notification(p.notification().key()), "NOTIFY"))
                  .updateExpression(expression)
                  .conditionExpression("#status = :pending AND attempts = :seen")
                  .expressionAttributeNames(Map.of("#status", "status"))
                  .expressionAttributeValues(all));
      return true;
    } catch (ConditionalCheckFailedException someoneElse) {
      return false;
    }
  }
}
