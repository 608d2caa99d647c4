package fairslot.auth.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.auth.app.RefreshFamilies;
import fairslot.table.Attr;
import fairslot.table.OwnWrites;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * A sign-in's refresh family, {@code AUTH#FAMILY#<id>} / {@code FAMILY}: its member, the current
 * generation, when it ends and whether it was revoked. DynamoDB's TTL removes it a week after its
 * end. Each refresh is one conditional update on the generation, so of two refreshes racing with
 * one token exactly one moves the family on.
 */
public final class DynamoDbRefreshFamilies implements RefreshFamilies {
  private static final Duration KEPT_AFTER_END = Duration.ofDays(7);

  private final DynamoDbClient dynamo;
  private final String table;

  public DynamoDbRefreshFamilies(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  private static Map<String, AttributeValue> key(String familyId) {
    return Attr.key("AUTH#FAMILY#" + familyId, "FAMILY");
  }

  @Override
  public void start(String familyId, String userId, Instant expiresAt) {
    Map<String, AttributeValue> item = new HashMap<>(key(familyId));
    item.put("type", s("REFRESH_FAMILY"));
    item.put("userId", s(userId));
    item.put("generation", n(0));
    item.put("expiresAt", millis(expiresAt));
    item.put("ttl", n(expiresAt.plus(KEPT_AFTER_END).getEpochSecond()));
    try {
      dynamo.putItem(
          r -> r.tableName(table).item(item).conditionExpression("attribute_not_exists(PK)"));
    } catch (ConditionalCheckFailedException lostAnswerRetried) {
      // the family id is new and random: the item found is this very write, retried
    }
  }

  @Override
  public Rotation rotate(String familyId, long generation, Instant now, Instant expiresAt) {
    String stamp = OwnWrites.stamp();
    UpdateItemRequest move =
        UpdateItemRequest.builder()
            .tableName(table)
            .key(key(familyId))
            .updateExpression(
                "SET generation = :next, expiresAt = :end, #ttl = :ttl, stamp = :stamp,"
                    + " rotatedAt = :now")
            .conditionExpression(
                "attribute_exists(PK) AND generation = :gen AND attribute_not_exists(revokedAt)"
                    + " AND expiresAt > :now")
            .expressionAttributeNames(Map.of("#ttl", "ttl"))
            .expressionAttributeValues(
                Map.of(
                    ":next", n(generation + 1),
                    ":gen", n(generation),
                    ":end", millis(expiresAt),
                    ":ttl", n(expiresAt.plus(KEPT_AFTER_END).getEpochSecond()),
                    ":stamp", s(stamp),
                    ":now", millis(now)))
            .returnValues(ReturnValue.ALL_NEW)
            .returnValuesOnConditionCheckFailure(Attr.ALL_OLD)
            .build();
    try {
      return new Rotation.Rotated(Attr.str(dynamo.updateItem(move).attributes(), "userId"));
    } catch (ConditionalCheckFailedException failed) {
      if (!failed.hasItem() || failed.item().isEmpty()) {
        return new Rotation.Ended();
      }
      Map<String, AttributeValue> found = failed.item();
      if (stamp.equals(Attr.optionalString(found, "stamp").orElse(""))) {
        // this very rotation, applied before its answer was lost
        return new Rotation.Rotated(Attr.str(found, "userId"));
      }
      boolean ended =
          found.containsKey("revokedAt") || !Attr.instant(found, "expiresAt").isAfter(now);
      long at = Attr.num(found, "generation");
      if (ended || at <= generation) {
        return new Rotation.Ended();
      }
      boolean retried =
          at == generation + 1
              && Attr.optionalInstant(found, "rotatedAt")
                  .filter(r -> r.plus(RETRY_LEEWAY).isAfter(now))
                  .isPresent();
      return retried ? new Rotation.Rotated(Attr.str(found, "userId")) : new Rotation.Reused();
    }
  }

  @Override
  public void revoke(String familyId, Instant at) {
    try {
      dynamo.updateItem(
          r ->
              r.tableName(table)
                  .key(key(familyId))
                  .updateExpression("SET revokedAt = :at")
                  .conditionExpression("attribute_exists(PK) AND attribute_not_exists(revokedAt)")
                  .expressionAttributeValues(Map.of(":at", millis(at))));
    } catch (ConditionalCheckFailedException revokedAlready) {
      // revoked before (or gone): it stays revoked
    }
  }
}
