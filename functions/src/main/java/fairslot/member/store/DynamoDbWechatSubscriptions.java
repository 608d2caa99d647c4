package fairslot.member.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.member.app.WechatSubscriptions;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.RawItems;
import fairslot.table.Transaction;
import fairslot.table.TxItems;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * The member's grants, one item per template in the member's partition ({@code WXSUB#<templateId>},
 * {@code left}); a send is one transaction of a marker for its delivery ({@code WXSENT#<key>}, put
 * once, kept 90 days) and {@code left - 1} on condition one is left, so a retried delivery never
 * takes a second send and racing deliveries never take more than were granted. A grant is a marker
 * of its key ({@code WXGRANT#<key>}, a day) and {@code left + n} in one transaction.
 */
public final class DynamoDbWechatSubscriptions implements WechatSubscriptions {
  private static final Duration SENT_KEPT = Duration.ofDays(90);

  /** As long as an Idempotency-Key is honoured. */
  private static final Duration GRANT_KEPT = Duration.ofDays(1);

  /** The actions of a take, read back by name. */
  private enum Action {
    MARK,
    COUNT
  }

  private final DynamoDbClient dynamo;
  private final String table;

  public DynamoDbWechatSubscriptions(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  private static Map<String, AttributeValue> grants(String userId, String templateId) {
    return Attr.key(Keys.member(userId), "WXSUB#" + templateId);
  }

  @Override
  public void grant(String userId, String templateId, int accepted, String grantKey, Instant at) {
    Map<String, AttributeValue> mark =
        new HashMap<>(Attr.key(Keys.member(userId), "WXGRANT#" + grantKey));
    mark.put("type", s("WECHAT_GRANT"));
    mark.put("ttl", n(at.plus(GRANT_KEPT).getEpochSecond()));
    // cancelled only by the mark: this grant was made before (a retry); it adds nothing again
    markAndCount(
        mark,
        Update.builder()
            .key(grants(userId, templateId))
            .updateExpression("ADD #left :n SET #type = :type, templateId = :t, updatedAt = :at")
            .expressionAttributeNames(Map.of("#left", "left", "#type", "type"))
            .expressionAttributeValues(
                Map.of(
                    ":n", n(accepted),
                    ":type", s("WECHAT_GRANTS"),
                    ":t", s(templateId),
                    ":at", millis(at))));
  }

  @Override
  public Map<String, Integer> sendsLeft(String userId) {
    Map<String, Integer> left = new TreeMap<>();
    RawItems.all(
            dynamo,
            QueryRequest.builder()
                .tableName(table)
                .keyConditionExpression("PK = :pk AND begins_with(SK, :sk)")
                .expressionAttributeValues(
                    Map.of(":pk", s(Keys.member(userId)), ":sk", s("WXSUB#")))
                .consistentRead(true)
                .build())
        .forEach(i -> left.put(Attr.str(i, "templateId"), (int) Attr.numOr(i, "left", 0)));
    return left;
  }

  @Override
  public Take take(String userId, String templateId, String deliveryKey, Instant at) {
    Map<String, AttributeValue> mark =
        new HashMap<>(Attr.key(Keys.member(userId), "WXSENT#" + deliveryKey));
    mark.put("type", s("WECHAT_SEND"));
    mark.put("templateId", s(templateId));
    mark.put("ttl", n(at.plus(SENT_KEPT).getEpochSecond()));
    Optional<Transaction.Cancelled<Action>> cancelled =
        markAndCount(
            mark,
            Update.builder()
                .key(grants(userId, templateId))
                .updateExpression("SET #left = #left - :one, updatedAt = :at")
                .conditionExpression("#left >= :one")
                .expressionAttributeNames(Map.of("#left", "left"))
                .expressionAttributeValues(Map.of(":one", n(1), ":at", millis(at))));
    if (cancelled.isEmpty() || cancelled.get().failed(Action.MARK)) {
      return Take.TAKEN; // now, or by an earlier try of this delivery
    }
    return Take.NONE_LEFT;
  }

  /** The marker put once, and the count changed, in one transaction. */
  private Optional<Transaction.Cancelled<Action>> markAndCount(
      Map<String, AttributeValue> mark, Update.Builder count) {
    return new Transaction<Action>()
        .add(
            Action.MARK,
            TxItems.put(
                Put.builder()
                    .tableName(table)
                    .item(mark)
                    .conditionExpression("attribute_not_exists(PK)")))
        .add(Action.COUNT, TxItems.update(count.tableName(table)))
        .commit(dynamo);
  }

  @Override
  public void spent(String userId, String templateId, Instant at) {
    try {
      dynamo.updateItem(
          r ->
              r.tableName(table)
                  .key(grants(userId, templateId))
                  .updateExpression("SET #left = :zero, updatedAt = :at")
                  .conditionExpression("attribute_exists(PK)")
                  .expressionAttributeNames(Map.of("#left", "left"))
                  .expressionAttributeValues(Map.of(":zero", n(0), ":at", millis(at))));
    } catch (ConditionalCheckFailedException neverGranted) {
      // nothing counted: nothing to set
    }
  }
}
