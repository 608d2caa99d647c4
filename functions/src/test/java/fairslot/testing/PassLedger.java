package fairslot.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Recounts every pack's credits from raw items: credits == left + held by PAID bookings paid with
 * it + used (checked in) + forfeited (no-shows) + refunded (voided by a pass refund), and none of
 * them negative. Test code may scan.
 */
public final class PassLedger {
  private PassLedger() {}

  /** passId to {credits, left, held, used, forfeited, refunded}. */
  public static Map<String, long[]> count(List<Map<String, AttributeValue>> items) {
    Map<String, Long> held = new HashMap<>();
    for (Map<String, AttributeValue> item : items) {
      if (item.get("type") != null
          && item.get("type").s().equals("BOOKING")
          && item.containsKey("passId")
          && item.get("status").s().equals("PAID")) {
        held.merge(item.get("passId").s(), Long.parseLong(item.get("passCredits").n()), Long::sum);
      }
    }
    Map<String, long[]> counts = new HashMap<>();
    for (Map<String, AttributeValue> item : items) {
      if (item.get("type") != null
          && item.get("type").s().equals("PASS")
          && item.get("kind").s().equals("PACK")) {
        String passId = item.get("passId").s();
        counts.put(
            passId,
            new long[] {
              Long.parseLong(item.get("credits").n()),
              Long.parseLong(item.get("creditsLeft").n()),
              held.getOrDefault(passId, 0L),
              Long.parseLong(item.get("creditsUsed").n()),
              Long.parseLong(item.get("creditsForfeited").n()),
              item.containsKey("creditsRefunded")
                  ? Long.parseLong(item.get("creditsRefunded").n())
                  : 0L
            });
      }
    }
    return counts;
  }

  public static void assertBalanced(DynamoDbClient dynamo, String table) {
    List<Map<String, AttributeValue>> items =
        dynamo.scanPaginator(r -> r.tableName(table).consistentRead(true)).items().stream()
            .toList();
    count(items)
        .forEach(
            (passId, c) -> {
              assertThat(c[1]).as("credits left on pass %s", passId).isNotNegative();
              assertThat(c[1] + c[2] + c[3] + c[4] + c[5])
                  .as(
                      "credits of pass %s: left %d + held %d + used %d + forfeited %d + refunded %d",
                      passId, c[1], c[2], c[3], c[4], c[5])
                  .isEqualTo(c[0]);
            });
  }
}
