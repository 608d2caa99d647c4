package fairslot.handler.payment;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A provider's callback is kept redacted of the payer's personal fields and expires by TTL after
 * 395 days (issue 28, finding 8): finance still reads the payment's story. Before, the raw body
 * (payer e-mail, phone, card) was kept forever and shown to finance as received.
 */
class CallbackRetentionIT {
  private final ApiDriver api = new ApiDriver("callbacks");

  @Test
  void aCallbackIsKeptWithoutThePayerAndExpiresAfterThirteenMonths() {
    String slotId = api.openSlot("SEATS", 2, 3000);
    String bookingId = api.book("m", slotId, 1).text("bookingId");
    String paymentNo = api.pay("m", bookingId).text("paymentNo");
    String body =
        "{\"eventId\":\"e-1\",\"paymentNo\":\""
            + paymentNo
            + "\",\"bookingId\":\""
            + bookingId
            + "\",\"amountMinor\":3000,\"currency\":\"CNY\",\"status\":\"SUCCEEDED\","
            + "\"payer\":{\"email\":\"li@example.com\",\"phone\":\"+8613800138000\"}}";

    ApiDriver.expect(api.webhook(body), 200);
    Reply seen =
        api.send(
            "GET /bookings/{bookingId}/payments",
            e -> e.as("fin-1", List.of("finance")).path("bookingId", bookingId));

    assertThat(seen.body())
        .contains("e-1")
        .contains("SUCCEEDED")
        .doesNotContain("li@example.com")
        .doesNotContain("+8613800138000");
    Map<String, AttributeValue> received =
        Aws.dynamo().scan(s -> s.tableName(api.table)).items().stream()
            .filter(i -> i.get("type") != null && i.get("type").s().equals("PAYMENT_RECEIVED"))
            .findFirst()
            .orElseThrow();
    assertThat(received.toString()).doesNotContain("li@example.com");
    assertThat(Long.parseLong(received.get("ttl").n()))
        .isEqualTo(api.clock.instant().plus(Duration.ofDays(395)).getEpochSecond());
  }
}
