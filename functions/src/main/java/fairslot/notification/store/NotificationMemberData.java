package fairslot.notification.store;

import fairslot.privacy.app.MemberDataPart;
import fairslot.table.RawItems;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

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
    return RawItems.ofMember(dynamo, table, userId, "NOTIFY#").stream()
        .map(RawItems::plain)
        .toList();
  }

  @Override
  public Step erase(String userId, String pseudonym) {
    int changed = 0;
    for (Map<String, AttributeValue> delivery :
        RawItems.ofMember(dynamo, table, userId, "NOTIFY#")) {
      RawItems.delete(dynamo, table, delivery);
      changed++;
    }
    return new Step.Finished(changed);
  }
}
