package fairslot.payment.store;

import static fairslot.table.Attr.s;

import fairslot.payment.app.ProviderRefs;
import fairslot.table.Attr;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/** One item per number, {@code PK = PROVIDER_REF#number}, written once (attribute_not_exists). */
public final class DynamoDbProviderRefs implements ProviderRefs {
  private final DynamoDbClient dynamo;
  private final String table;

  public DynamoDbProviderRefs(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  private static Map<String, AttributeValue> key(String number) {
    return Attr.key("PROVIDER_REF#" + number, "REF");
  }

  @Override
  public Optional<String> ref(String number) {
    Map<String, AttributeValue> item =
        dynamo.getItem(r -> r.tableName(table).key(key(number)).consistentRead(true)).item();
    return item == null || item.isEmpty() ? Optional.empty() : Attr.optionalString(item, "ref");
  }

  @Override
  public String name(String number, String ref) {
    Map<String, AttributeValue> item = new HashMap<>(key(number));
    item.put("type", s("PROVIDER_REF"));
    item.put("ref", s(ref));
    try {
      dynamo.putItem(
          r -> r.tableName(table).item(item).conditionExpression("attribute_not_exists(PK)"));
      return ref;
    } catch (ConditionalCheckFailedException named) {
      return ref(number).orElseThrow();
    }
  }
}
