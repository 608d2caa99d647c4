package fairslot.handler.integration;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.handler.ScheduledJobHandler;
import fairslot.testing.ApiDriver;
import fairslot.testing.Aws;
import fairslot.testing.Contacts;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The retention periods of docs/security.md, as the items carry them for DynamoDB's TTL: an expired
 * hold 30 days after it expired (a late payment's revival takes that away), a dispatched notice and
 * a sent message 90 days after.
 */
class RetentionIT {
  private final ApiDriver api = new ApiDriver("retention");

  @AfterEach
  void ledgersBalance() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  private Map<String, AttributeValue> booking(String bookingId) {
    return Aws.dynamo()
        .getItem(
            r ->
                r.tableName(api.table)
                    .key(
                        Map.of(
                            "PK", AttributeValue.fromS("BOOKING#" + bookingId),
                            "SK", AttributeValue.fromS("BOOKING")))
                    .consistentRead(true))
        .item();
  }

  private List<Map<String, AttributeValue>> ofType(String type) {
    return Aws.dynamo()
        .scanPaginator(r -> r.tableName(api.table).consistentRead(true))
        .items()
        .stream()
        .filter(i -> i.get("type") != null && type.equals(i.get("type").s()))
        .toList();
  }

  private static long ttl(Map<String, AttributeValue> item) {
    return Long.parseLong(item.get("ttl").n());
  }

  @Test
  void anExpiredHoldIsKeptThirtyDaysAndARevivedOneForGood() {
    String slotId = api.openSlot("SEATS", 2, 6000);
    String lapsed = api.book("u1", slotId, 1).text("bookingId");
    String revived = api.book("u2", slotId, 1).text("bookingId");
    String paymentNo = api.pay("u2", revived).text("paymentNo");
    api.clock.advance(Duration.ofMinutes(16));
    Instant swept = api.clock.instant();
    new ScheduledJobHandler(api.wiring).run("sweep-holds");
    long revivedTtlWhileExpired = ttl(booking(revived));

    api.provider.report(paymentNo, "SUCCEEDED");

    assertThat(booking(lapsed).get("status").s()).isEqualTo("EXPIRED");
    assertThat(ttl(booking(lapsed))).isEqualTo(swept.plus(Duration.ofDays(30)).getEpochSecond());
    assertThat(revivedTtlWhileExpired).isEqualTo(ttl(booking(lapsed)));
    assertThat(booking(revived).get("status").s()).isEqualTo("PAID");
    assertThat(booking(revived)).doesNotContainKey("ttl");
  }

  @Test
  void aDispatchedNoticeAndASentMessageAreKeptNinetyDays() {
    String email = "keep" + System.nanoTime() + "@example.com";
    Contacts.verifiedProfile(
        api,
        "u1",
        "{\"name\":\"Keeper\",\"email\":\"" + email + "\",\"channels\":[\"EMAIL\"]}",
        email,
        null);
    api.paidBooking("u1", api.openSlot("SEATS", 2, 6000));
    Instant sent = api.clock.instant();

    new ScheduledJobHandler(api.wiring).run("send-notifications");

    long in90Days = sent.plus(Duration.ofDays(90)).getEpochSecond();
    assertThat(ofType("NOTIFICATION"))
        .isNotEmpty()
        .allSatisfy(n -> assertThat(n.get("status").s()).isEqualTo("DISPATCHED"))
        .allSatisfy(n -> assertThat(ttl(n)).isEqualTo(in90Days));
    assertThat(ofType("DELIVERY"))
        .isNotEmpty()
        .allSatisfy(d -> assertThat(d.get("status").s()).isEqualTo("SENT"))
        .allSatisfy(d -> assertThat(ttl(d)).isEqualTo(in90Days));
  }
}
