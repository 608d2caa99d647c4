package fairslot.member.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.s;

import fairslot.member.app.WechatIdentityStore;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * The member's WeChat identity: one item beside the member's, {@code SK = WECHAT}. A link made from
 * an older login never overwrites a newer one (the condition on {@code linkedAt}).
 */
public final class DynamoDbWechatIdentityStore implements WechatIdentityStore {
  private static final String SK = "WECHAT";

  private final DynamoDbClient dynamo;
  private final String table;

  public DynamoDbWechatIdentityStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  @Override
  public Optional<String> openId(String userId) {
    Map<String, AttributeValue> item =
        dynamo
            .getItem(
                r -> r.tableName(table).key(Attr.key(Keys.member(userId), SK)).consistentRead(true))
            .item();
    return item == null || item.isEmpty() ? Optional.empty() : Attr.optionalString(item, "openId");
  }

  @Override
  public void link(String userId, String openId, Instant at) {
    Map<String, AttributeValue> item = new HashMap<>(Attr.key(Keys.member(userId), SK));
    item.put("openId", s(openId));
    item.put("linkedAt", millis(at));
    try {
      dynamo.putItem(
          r ->
              r.tableName(table)
                  .item(item)
                  .conditionExpression("attribute_not_exists(PK) OR linkedAt <= :at")
                  .expressionAttributeValues(Map.of(":at", millis(at))));
    } catch (ConditionalCheckFailedException newerLinkKept) {
      // a later login linked already; its openid stands
    }
  }
}
