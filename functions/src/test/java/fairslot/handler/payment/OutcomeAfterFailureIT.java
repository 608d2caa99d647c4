package fairslot.handler.payment;

import static fairslot.testing.ApiDriver.CUSTOMER;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A provider outcome that contradicts what it said before is never kept silently (issue 28, finding
 * 4): a success after a failure is applied if the booking can still take it, else refunded, and
 * always leaves a finance exception; a failure after a success, or a refund nobody asked for,
 * changes nothing and leaves one too.
 */
class OutcomeAfterFailureIT {
  private final ApiDriver api = new ApiDriver("afterfail");

  @AfterEach
  void ledgersBalance() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  private Reply callback(String event, String paymentNo, String bookingId, String status) {
    return api.webhook(ApiDriver.callbackBody(event, paymentNo, bookingId, 3000, status));
  }

  private List<String> exceptionKinds(String slotId) {
    String venueId = api.slot(slotId).text("venueId");
    Reply r =
        api.send(
            "GET /finance/exceptions",
            e -> e.as("fin-1", List.of("finance")).query("venueId", venueId));
    ApiDriver.expect(r, 200);
    List<String> kinds = new ArrayList<>();
    for (JsonNode x : r.json().get("items")) {
      kinds.add(x.get("kind").asText());
    }
    return kinds;
  }

  /** A booking of a fresh slot with its payment started: [slotId, bookingId, paymentNo]. */
  private String[] paymentStarted() {
    String slotId = api.openSlot("SEATS", 2, 3000);
    String bookingId = api.book("m", slotId, 1).text("bookingId");
    return new String[] {slotId, bookingId, api.pay("m", bookingId).text("paymentNo")};
  }

  @Test
  void aSuccessAfterAFailureConfirmsTheBookingThatCanStillTakeItAndTellsFinance() {
    String[] started = paymentStarted();
    String slotId = started[0];
    String bookingId = started[1];
    String paymentNo = started[2];
    ApiDriver.expect(callback("e-1", paymentNo, bookingId, "FAILED"), 200);

    Reply late = callback("e-2", paymentNo, bookingId, "SUCCEEDED");
    Reply replay = callback("e-2", paymentNo, bookingId, "SUCCEEDED");

    assertThat(late.status()).as(late.body()).isEqualTo(200);
    assertThat(replay.status()).isEqualTo(200);
    assertThat(api.booking("m", bookingId).text("status")).isEqualTo("PAID");
    assertThat(exceptionKinds(slotId)).containsExactly("SUCCESS_AFTER_FAILURE");
  }

  @Test
  void aSuccessAfterAFailureForABookingThatCannotTakeItIsRefundedAndTellsFinance() {
    String[] started = paymentStarted();
    String slotId = started[0];
    String bookingId = started[1];
    String paymentNo = started[2];
    ApiDriver.expect(callback("e-1", paymentNo, bookingId, "FAILED"), 200);
    ApiDriver.expect(api.cancel("m", bookingId), 200);

    Reply late = callback("e-2", paymentNo, bookingId, "SUCCEEDED");

    assertThat(late.status()).as(late.body()).isEqualTo(200);
    assertThat(api.booking("m", bookingId).text("status")).isEqualTo("CANCELLED");
    Reply payments =
        api.send(
            "GET /bookings/{bookingId}/payments",
            e -> e.as("fin-1", List.of("finance")).path("bookingId", bookingId));
    assertThat(payments.body()).contains("REFUNDING");
    assertThat(exceptionKinds(slotId)).containsExactly("SUCCESS_AFTER_FAILURE");
  }

  @Test
  void aFailureAfterASuccessAndAnUnaskedRefundChangeNothingAndTellFinance() {
    String[] started = paymentStarted();
    String slotId = started[0];
    String bookingId = started[1];
    String paymentNo = started[2];
    ApiDriver.expect(callback("e-1", paymentNo, bookingId, "SUCCEEDED"), 200);

    ApiDriver.expect(callback("e-2", paymentNo, bookingId, "FAILED"), 200);
    ApiDriver.expect(callback("e-3", paymentNo, bookingId, "REFUNDED"), 200);

    assertThat(api.booking("m", bookingId).text("status")).isEqualTo("PAID");
    assertThat(exceptionKinds(slotId))
        .containsExactlyInAnyOrder("OUTCOME_NOT_APPLIED", "OUTCOME_NOT_APPLIED");
    assertThat(
            api.send("GET /me/bookings", e -> e.as("m", CUSTOMER))
                .json()
                .get("items")
                .get(0)
                .get("status")
                .asText())
        .isEqualTo("PAID");
  }

  @Test
  void aSuccessAfterAFailureActivatesThePassThatStillWaitsAndTellsFinance() {
    String venueId = api.venue("UTC", "{}");
    String planId =
        api.send(
                "POST /venues/{venueId}/plans",
                e ->
                    e.as("admin-1", List.of("admin"))
                        .path("venueId", venueId)
                        .body(
                            "{\"name\":\"Ten\",\"kind\":\"PACK\",\"credits\":10,"
                                + "\"validity\":\"P30D\",\"priceMinor\":3000,\"currency\":\"CNY\"}"))
            .text("planId");
    String passId =
        api.send(
                "POST /me/passes", e -> e.as("m", CUSTOMER).body("{\"planId\":\"" + planId + "\"}"))
            .text("passId");
    String paymentNo =
        api.send("POST /passes/{passId}/pay", e -> e.as("m", CUSTOMER).path("passId", passId))
            .text("paymentNo");

    ApiDriver.expect(api.webhook(passCallback("p-1", paymentNo, passId, "FAILED")), 200);
    Reply late = api.webhook(passCallback("p-2", paymentNo, passId, "SUCCEEDED"));
    Reply replay = api.webhook(passCallback("p-2", paymentNo, passId, "SUCCEEDED"));

    assertThat(late.status()).as(late.body()).isEqualTo(200);
    assertThat(replay.status()).isEqualTo(200);
    Reply passes = api.send("GET /me/passes", e -> e.as("m", CUSTOMER));
    assertThat(passes.json().get("items").get(0).get("status").asText()).isEqualTo("ACTIVE");
    List<String> kinds = new ArrayList<>();
    api.send(
            "GET /finance/exceptions",
            e -> e.as("fin-1", List.of("finance")).query("venueId", venueId))
        .json()
        .get("items")
        .forEach(x -> kinds.add(x.get("kind").asText()));
    assertThat(kinds).containsExactly("SUCCESS_AFTER_FAILURE");
  }

  private static String passCallback(String event, String paymentNo, String passId, String status) {
    return "{\"eventId\":\""
        + event
        + "\",\"paymentNo\":\""
        + paymentNo
        + "\",\"passId\":\""
        + passId
        + "\",\"amountMinor\":3000,\"currency\":\"CNY\",\"status\":\""
        + status
        + "\"}";
  }
}
