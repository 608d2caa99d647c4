package fairslot.table;

import static fairslot.table.Attr.s;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * An erased member's audit records (API.md v1.2 "Data rights"): the moves stay, the actor becomes
 * the pseudonym. The audit is written with each change; this is the one rewrite it gets.
 */
public final class AuditActors {
  private AuditActors() {}

  /** Rewrites the actor of {@code pk}'s audit records made by {@code userId}; how many. */
  public static int pseudonymise(
      DynamoDbClient dynamo, String table, String pk, String userId, String pseudonym) {
    int changed = 0;
    for (Map<String, AttributeValue> item :
        RawItems.all(
            dynamo,
            QueryRequest.builder()
                .tableName(table)
                .consistentRead(true)
                .keyConditionExpression("PK = :pk AND begins_with(SK, :audit)")
                .filterExpression("actor = :u")
                .expressionAttributeValues(
                    Map.of(":pk", s(pk), ":audit", s(AuditItemMapper.SK_PREFIX), ":u", s(userId)))
                .build())) {
      try {
        dynamo.updateItem(
            UpdateItemRequest.builder()
                .tableName(table)
                .key(Map.of(Keys.PK, item.get(Keys.PK), Keys.SK, item.get(Keys.SK)))
                .updateExpression("SET actor = :p")
                .conditionExpression("actor = :u")
                .expressionAttributeValues(Map.of(":p", s(pseudonym), ":u", s(userId)))
                .build());
        changed++;
      } catch (ConditionalCheckFailedException e) {
        // an earlier run rewrote it
      }
    }
    return changed;
  }
}
