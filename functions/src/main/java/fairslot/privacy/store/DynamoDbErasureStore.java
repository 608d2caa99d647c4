package fairslot.privacy.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.s;

import fairslot.definitions.Fairslot;
import fairslot.privacy.app.ErasureStore;
import fairslot.privacy.domain.Erasure;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.ShardedIndex;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The erasure request ({@code MEMBER#<userId>} / {@code ERASURE}), its one builder. While pending
 * it carries the cancels-due index's keys (family ERASURES: the table has AWS's 20 indexes, and
 * erasures are rare) at its next run's time.
 */
public final class DynamoDbErasureStore implements ErasureStore {
  static final String FAMILY = "ERASURES";
  private static final String SK = "ERASURE";

  private final DynamoDbClient dynamo;
  private final String table;

  public DynamoDbErasureStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  @Override
  public Erasure request(String userId, String pseudonym, Instant now) {
    Map<String, AttributeValue> item = new HashMap<>(Attr.key(Keys.member(userId), SK));
    item.put("type", s("ERASURE"));
    item.put("userId", s(userId));
    item.put("status", s(Erasure.Status.REQUESTED.name()));
    item.put("requestedAt", millis(now));
    item.put("pseudonym", s(pseudonym));
    item.put("cancelDueShard", s(Keys.shard(FAMILY, userId)));
    item.put("cancelDueAt", millis(now));
    try {
      dynamo.putItem(
          PutItemRequest.builder()
              .tableName(table)
              .item(item)
              // a pending request stands; an erased member who came back may ask again
              .conditionExpression("attribute_not_exists(PK) OR #status = :erased")
              .expressionAttributeNames(Map.of("#status", "status"))
              .expressionAttributeValues(Map.of(":erased", s(Erasure.Status.ERASED.name())))
              .build());
      return of(item);
    } catch (ConditionalCheckFailedException pending) {
      return find(userId).orElseThrow();
    }
  }

  @Override
  public Optional<Erasure> find(String userId) {
    Map<String, AttributeValue> item =
        dynamo
            .getItem(
                GetItemRequest.builder()
                    .tableName(table)
                    .key(Attr.key(Keys.member(userId), SK))
                    .consistentRead(true)
                    .build())
            .item();
    return item == null || item.isEmpty() ? Optional.empty() : Optional.of(of(item));
  }

  @Override
  public List<Erasure> due(Instant now, int limit) {
    List<Erasure> due = new ArrayList<>();
    for (Map<String, AttributeValue> key :
        new ShardedIndex(
                dynamo, table, Fairslot.CANCELS_DUE, FAMILY, "cancelDueShard", "cancelDueAt")
            .dueBy(now, limit)
            .items()) {
      find(userOf(key)) // the index keeps keys only
          .filter(e -> e.status() == Erasure.Status.REQUESTED)
          .ifPresent(due::add);
    }
    return due;
  }

  private static String userOf(Map<String, AttributeValue> key) {
    return Attr.str(key, Keys.PK).substring(Keys.member("").length());
  }

  @Override
  public void later(Erasure pending, Instant next) {
    try {
      dynamo.updateItem(
          UpdateItemRequest.builder()
              .tableName(table)
              .key(Attr.key(Keys.member(pending.userId()), SK))
              .updateExpression("SET cancelDueAt = :next")
              .conditionExpression("#status = :requested AND pseudonym = :p")
              .expressionAttributeNames(Map.of("#status", "status"))
              .expressionAttributeValues(
                  Map.of(
                      ":next", millis(next),
                      ":requested", s(Erasure.Status.REQUESTED.name()),
                      ":p", s(pending.pseudonym().orElseThrow())))
              .build());
    } catch (ConditionalCheckFailedException finished) {
      // another run finished it
    }
  }

  @Override
  public boolean finish(Erasure pending, Instant now) {
    try {
      dynamo.updateItem(
          UpdateItemRequest.builder()
              .tableName(table)
              .key(Attr.key(Keys.member(pending.userId()), SK))
              .updateExpression(
                  "SET #status = :erased, erasedAt = :now"
                      + " REMOVE pseudonym, cancelDueShard, cancelDueAt")
              .conditionExpression("#status = :requested AND pseudonym = :p")
              .expressionAttributeNames(Map.of("#status", "status"))
              .expressionAttributeValues(
                  Map.of(
                      ":erased", s(Erasure.Status.ERASED.name()),
                      ":now", millis(now),
                      ":requested", s(Erasure.Status.REQUESTED.name()),
                      ":p", s(pending.pseudonym().orElseThrow())))
              .build());
      return true;
    } catch (ConditionalCheckFailedException another) {
      return false;
    }
  }

  private static Erasure of(Map<String, AttributeValue> item) {
    return new Erasure(
        Attr.str(item, "userId"),
        Erasure.Status.valueOf(Attr.str(item, "status")),
        Attr.instant(item, "requestedAt"),
        Attr.optionalString(item, "pseudonym"),
        Attr.optionalInstant(item, "erasedAt"));
  }
}
