package fairslot.handler;

import static fairslot.testing.ApiDriver.CUSTOMER;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Bounds the review found out of step (issue 28, finding 9): a finance note may be the 1,000
 * characters the contract allows (the body's 200-character cap made that unreachable), and an id
 * longer than a key may hold is a 422, never a DynamoDB ValidationException.
 */
class InputBoundsIT {
  private final ApiDriver api = new ApiDriver("bounds");

  @Test
  void aFinanceNoteMayBeAThousandCharactersButNotMore() {
    String slotId = api.openSlot("SEATS", 2, 3000);
    String bookingId = api.book("m", slotId, 1).text("bookingId");
    String paymentNo = api.pay("m", bookingId).text("paymentNo");
    api.webhook(ApiDriver.callbackBody("e-1", paymentNo, bookingId, 1, "SUCCEEDED"));
    String venueId = api.slot(slotId).text("venueId");
    String exceptionId =
        api.send(
                "GET /finance/exceptions",
                e -> e.as("fin-1", List.of("finance")).query("venueId", venueId))
            .json()
            .get("items")
            .get(0)
            .get("exceptionId")
            .asText();

    Reply tooLong = resolve(exceptionId, "n".repeat(1001));
    Reply longest = resolve(exceptionId, "n".repeat(1000));

    assertThat(tooLong.status()).isEqualTo(422);
    assertThat(longest.status()).as(longest.body()).isEqualTo(200);
  }

  private Reply resolve(String exceptionId, String note) {
    return api.send(
        "POST /finance/exceptions/{exceptionId}/resolve",
        e ->
            e.as("fin-1", List.of("finance"))
                .path("exceptionId", exceptionId)
                .body("{\"resolution\":\"NO_ACTION\",\"note\":\"" + note + "\"}"));
  }

  @Test
  void idsLongerThanAKeyMayHoldAre422() {
    String huge = "x".repeat(3000);

    List<Reply> replies =
        List.of(
            api.send("GET /bookings/{bookingId}", e -> e.as("m", CUSTOMER).path("bookingId", huge)),
            api.send("GET /slots/{slotId}", e -> e.path("slotId", huge)),
            api.send("GET /slots", e -> e.query("venueId", huge).query("date", "2026-12-05")));

    assertThat(replies)
        .allSatisfy(
            r -> {
              assertThat(r.status()).as(r.body()).isEqualTo(422);
              assertThat(r.text("code")).isEqualTo("invalid_request");
            });
  }

  @Test
  void aSignedCallbackNamingABadRefundNumberIsA4xxAndMovesNothing() {
    String slotId = api.openSlot("SEATS", 2, 3000);
    String bookingId = api.book("m", slotId, 1).text("bookingId");
    String paymentNo = api.pay("m", bookingId).text("paymentNo");
    api.provider.report(paymentNo, "SUCCEEDED");
    String base =
        "{\"eventId\":\"e-%s\",\"paymentNo\":\""
            + paymentNo
            + "\",\"bookingId\":\""
            + bookingId
            + "\",\"amountMinor\":3000,\"currency\":\"CNY\",\"status\":\"REFUNDED\","
            + "\"refundNo\":%s}";

    List<Reply> replies =
        List.of(
            api.webhook(String.format(base, "number", "7")),
            api.webhook(String.format(base, "huge", "\"R" + "9".repeat(3000) + "\"")),
            api.webhook(String.format(base, "no part", "\"R" + paymentNo + "-1\"")),
            api.webhook(String.format(base, "zero", "\"R" + paymentNo + "-0\"")),
            api.webhook(String.format(base, "other", "\"Rnot-ours-1\"")));

    assertThat(replies).allSatisfy(r -> assertThat(r.status()).as(r.body()).isBetween(400, 499));
    assertThat(api.booking("m", bookingId).text("status")).isEqualTo("PAID");
    assertThat(
            api.send(
                    "GET /bookings/{bookingId}/payments",
                    e -> e.as("m", CUSTOMER).path("bookingId", bookingId))
                .json()
                .get("items")
                .get(0)
                .get("status")
                .asText())
        .isEqualTo("SUCCEEDED");
  }
}
