package fairslot.member.store;

import static fairslot.table.Attr.n;

import fairslot.member.app.CalendarFeedStore;
import fairslot.table.Attr;
import java.util.Map;
import java.util.OptionalLong;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

/**
 * {@code CALFEED#<userId> / CALFEED}: the member's feed version, the item's one builder. Each write
 * is one UpdateItem whose expression is the rule: asking sets the version only where there is none,
 * and a rotation adds one, so two rotations at once give two versions and never lose one.
 */
public final class DynamoDbCalendarFeedStore implements CalendarFeedStore {
  private final DynamoDbClient dynamo;
  private final String table;

  public DynamoDbCalendarFeedStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  private static Map<String, AttributeValue> key(String userId) {
    return Attr.key("CALFEED#" + userId, "CALFEED");
  }

  @Override
  public long current(String userId) {
    return update(userId, "SET version = if_not_exists(version, :one), #type = :type");
  }

  @Override
  public long rotate(String userId) {
    return update(userId, "ADD version :one SET #type = :type");
  }

  private long update(String userId, String expression) {
    var answer =
        dynamo.updateItem(
            r ->
                r.tableName(table)
                    .key(key(userId))
                    .updateExpression(expression)
                    .expressionAttributeNames(Map.of("#type", "type"))
                    .expressionAttributeValues(Map.of(":one", n(1), ":type", Attr.s("CALFEED")))
                    // ALL_NEW: an if_not_exists that changed nothing is not "updated" to every
                    // DynamoDB (moto leaves it out of UPDATED_NEW).
                    .returnValues(ReturnValue.ALL_NEW));
    return Long.parseLong(answer.attributes().get("version").n());
  }

  @Override
  public OptionalLong find(String userId) {
    var item = dynamo.getItem(r -> r.tableName(table).key(key(userId)).consistentRead(true)).item();
    return item == null || !item.containsKey("version")
        ? OptionalLong.empty()
        : OptionalLong.of(Long.parseLong(item.get("version").n()));
  }
}
