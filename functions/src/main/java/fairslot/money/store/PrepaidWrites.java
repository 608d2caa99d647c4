package fairslot.money.store;

import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.money.domain.PrepaidClaim;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.TxItems;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * The one builder of a member's prepaid guard at a venue (v1.3 "Prepaid rules"): a purchase judged
 * on the holdings read after the guard showed {@code seen} moves it to {@code seen + 1} in its own
 * transaction, on condition it still shows {@code seen}. Spends and uses only lower the holdings,
 * so they leave it alone.
 */
public final class PrepaidWrites {
  private final String table;

  public PrepaidWrites(String table) {
    this.table = table;
  }

  public static Map<String, AttributeValue> key(String userId, String venueId) {
    return Map.of(Keys.PK, s(Keys.member(userId)), Keys.SK, s(Keys.prepaidGuard(venueId)));
  }

  /** The guard's count now (0 before the first purchase), read before the holdings are. */
  public long seen(DynamoDbClient dynamo, String userId, String venueId) {
    Map<String, AttributeValue> item =
        dynamo
            .getItem(
                GetItemRequest.builder()
                    .tableName(table)
                    .key(key(userId, venueId))
                    .consistentRead(true)
                    .build())
            .item();
    return item == null || item.isEmpty() ? 0 : Attr.numOr(item, "version", 0);
  }

  public TransactWriteItem claim(PrepaidClaim claim) {
    Map<String, AttributeValue> values = new HashMap<>();
    values.put(":next", n(claim.seen() + 1));
    values.put(":v", s(claim.venueId()));
    values.put(":t", s("PREPAID_GUARD"));
    String condition = "attribute_not_exists(version)";
    if (claim.seen() > 0) {
      condition = "version = :seen";
      values.put(":seen", n(claim.seen()));
    }
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(key(claim.userId(), claim.venueId()))
            .updateExpression("SET version = :next, venueId = :v, #type = :t")
            .conditionExpression(condition)
            .expressionAttributeNames(Map.of("#type", "type"))
            .expressionAttributeValues(values));
  }
}
