package fairslot.testing;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The bugs reconcile exists for, made by hand: a stored counter moved without its bookings. */
public final class Tamper {
  private Tamper() {}

  /** Sets a slot's {@code remaining} directly, as no product code ever does. */
  public static void setRemaining(String table, String slotId, int remaining) {
    Aws.dynamo()
        .updateItem(
            u ->
                u.tableName(table)
                    .key(
                        Map.of(
                            "PK",
                            AttributeValue.fromS("SLOT#" + slotId),
                            "SK",
                            AttributeValue.fromS("SLOT")))
                    .updateExpression("SET remaining = :r")
                    .expressionAttributeValues(
                        Map.of(":r", AttributeValue.fromN(Integer.toString(remaining)))));
  }
}
