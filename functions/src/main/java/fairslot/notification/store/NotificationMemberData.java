package fairslot.notification.store;

import static fairslot.table.Attr.s;

import fairslot.privacy.app.MemberDataPart;
import fairslot.table.Keys;
import fairslot.table.RawItems;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * A member's messages (their deliveries: address, subject, text) in their export and erasure. An
 * erased member's messages are deleted: they are nothing but personal data. One being sent as they
 * go fails its send's condition, and the notice it came from stays dispatched, so none is remade.
 */
public final class NotificationMemberData implements MemberDataPart {
  private final DynamoDbClient dynamo;
  private final String table;

  public NotificationMemberData(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  @Override
  public String name() {
    return "notifications";
  }

  @Override
  public List<Map<String, Object>> export(String userId) {
    return deliveries(userId).stream().map(RawItems::plain).toList();
  }

  @Override
  public Step erase(String userId, String pseudonym) {
    int changed = 0;
    for (Map<String, AttributeValue> delivery : deliveries(userId)) {
      dynamo.deleteItem(
          DeleteItemRequest.builder()
              .tableName(table)
              .key(Map.of(Keys.PK, delivery.get(Keys.PK), Keys.SK, delivery.get(Keys.SK)))
              .build());
      changed++;
    }
    return new Step.Finished(changed);
  }

  private List<Map<String, AttributeValue>> deliveries(String userId) {
    return RawItems.all(
        dynamo,
        QueryRequest.builder()
            .tableName(table)
            .consistentRead(true)
            .keyConditionExpression("PK = :pk AND begins_with(SK, :notify)")
            .expressionAttributeValues(
                Map.of(":pk", s(Keys.member(userId)), ":notify", s("NOTIFY#")))
            .build());
  }
}
