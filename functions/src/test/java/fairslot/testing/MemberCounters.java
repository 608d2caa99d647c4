package fairslot.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Recounts each member's upcoming bookings per venue from raw booking items (PENDING_PAY and PAID)
 * and compares them with the counter items the booking transactions keep (the {@code
 * maxUpcomingPerMember} rule). Test code may scan; product code may not.
 */
public final class MemberCounters {
  private static final Set<String> UPCOMING = Set.of("PENDING_PAY", "PAID");

  private MemberCounters() {}

  /** "userId venueId" to [counted by the counter item, recounted from bookings]. */
  public static Map<String, long[]> count(List<Map<String, AttributeValue>> items) {
    Map<String, long[]> counts = new HashMap<>();
    for (Map<String, AttributeValue> item : items) {
      String type = item.get("type") == null ? "" : item.get("type").s();
      if (type.equals("UPCOMING")) {
        String userId = item.get("PK").s().substring("MEMBER#".length());
        counts.computeIfAbsent(userId + " " + item.get("venueId").s(), k -> new long[2])[0] =
            Long.parseLong(item.get("upcoming").n());
      }
      if (type.equals("BOOKING") && UPCOMING.contains(item.get("status").s())) {
        counts
            .computeIfAbsent(
                item.get("userId").s() + " " + item.get("venueId").s(), k -> new long[2])[1]++;
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
            (member, c) ->
                assertThat(c[0])
                    .as("upcoming bookings counted for %s (recounted: %d)", member, c[1])
                    .isEqualTo(c[1]));
  }
}
