package fairslot.emulator;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * The launcher tests' seat counter: an item keyed by one name, and a transaction that takes one
 * seat from it.
 */
final class SeatItems {
  private SeatItems() {}

  static Map<String, AttributeValue> key(String pk) {
    return Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS("X"));
  }

  static TransactWriteItem takeOne(String table, String pk) {
    return TransactWriteItem.builder()
        .update(
            Update.builder()
                .tableName(table)
                .key(key(pk))
                .updateExpression("SET remaining = remaining - :one")
                .conditionExpression("remaining >= :one")
                .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1")))
                .build())
        .build();
  }
}
