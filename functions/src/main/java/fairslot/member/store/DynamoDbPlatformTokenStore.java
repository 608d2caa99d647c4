package fairslot.member.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.s;

import fairslot.member.app.PlatformTokenStore;
import fairslot.table.Attr;
import fairslot.table.OwnWrites;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The platform token's item, {@code WECHAT#<appId>} / {@code ACCESS_TOKEN}: the token and its
 * expiry, and while someone fetches a new one, their lease ({@code leaseBy}, {@code leaseUntil}).
 */
public final class DynamoDbPlatformTokenStore implements PlatformTokenStore {
  private final DynamoDbClient dynamo;
  private final String table;

  public DynamoDbPlatformTokenStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  private static Map<String, AttributeValue> key(String appId) {
    return Attr.key("WECHAT#" + appId, "ACCESS_TOKEN");
  }

  @Override
  public Optional<PlatformToken> current(String appId) {
    Map<String, AttributeValue> item =
        dynamo.getItem(r -> r.tableName(table).key(key(appId)).consistentRead(true)).item();
    if (item == null || !item.containsKey("token")) {
      return Optional.empty();
    }
    return Optional.of(new PlatformToken(Attr.str(item, "token"), Attr.instant(item, "expiresAt")));
  }

  /**
   * The lease is ours also when the answer to our write was lost and the SDK's retry met our own
   * lease ({@link OwnWrites}): otherwise this caller would wait out a lease it holds.
   */
  @Override
  public boolean lease(String appId, String holder, Instant now, Instant until) {
    UpdateItemRequest take =
        UpdateItemRequest.builder()
            .tableName(table)
            .key(key(appId))
            .updateExpression("SET leaseBy = :me, leaseUntil = :until, #type = :type")
            .conditionExpression("attribute_not_exists(leaseUntil) OR leaseUntil < :now")
            .expressionAttributeNames(Map.of("#type", "type"))
            .expressionAttributeValues(
                Map.of(
                    ":me", s(holder),
                    ":until", millis(until),
                    ":now", millis(now),
                    ":type", s("PLATFORM_TOKEN")))
            .returnValuesOnConditionCheckFailure(Attr.ALL_OLD)
            .build();
    return OwnWrites.apply(dynamo, take, "leaseBy", holder);
  }

  @Override
  public void expire(String appId, String value, Instant now) {
    // false when another caller kept a new token meanwhile: nothing to mark
    applied(
        UpdateItemRequest.builder()
            .tableName(table)
            .key(key(appId))
            .updateExpression("SET expiresAt = :now")
            .conditionExpression("#token = :t")
            .expressionAttributeNames(Map.of("#token", "token"))
            .expressionAttributeValues(Map.of(":now", millis(now), ":t", s(value)))
            .build());
  }

  @Override
  public boolean keep(String appId, String holder, PlatformToken token) {
    return applied(
        UpdateItemRequest.builder()
            .tableName(table)
            .key(key(appId))
            .updateExpression("SET #token = :t, expiresAt = :e REMOVE leaseBy, leaseUntil")
            .conditionExpression("leaseBy = :me")
            .expressionAttributeNames(Map.of("#token", "token"))
            .expressionAttributeValues(
                Map.of(
                    ":t", s(token.value()),
                    ":e", millis(token.expiresAt()),
                    ":me", s(holder)))
            .build());
  }

  /** A conditional update: false when its condition did not hold. */
  private boolean applied(UpdateItemRequest update) {
    try {
      dynamo.updateItem(update);
      return true;
    } catch (ConditionalCheckFailedException notAsWritten) {
      return false;
    }
  }
}
