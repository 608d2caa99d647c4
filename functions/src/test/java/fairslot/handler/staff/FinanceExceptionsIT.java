package fairslot.handler.staff;

import static fairslot.testing.ApiDriver.ADMIN;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.handler.ScheduledJobHandler;
import fairslot.payment.app.Refunds;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Finance exceptions through the handler against the emulator (v1.1 "Finance"): each kind raised
 * once in the transaction of its event, however often the event is replayed, and finance's moves on
 * them.
 */
class FinanceExceptionsIT {
  private static final List<String> FINANCE = List.of("finance");

  private final ApiDriver api = new ApiDriver("finance");

  @AfterEach
  void seatLedgerBalances() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  private List<JsonNode> exceptions(String venueId, String status) {
    Reply r =
        api.send(
            "GET /finance/exceptions",
            e -> e.as("fin-1", FINANCE).query("venueId", venueId).query("status", status));
    assertThat(r.status()).isEqualTo(200);
    List<JsonNode> items = new ArrayList<>();
    r.json().get("items").forEach(items::add);
    return items;
  }

  private String paymentOf(String bookingId) {
    return Aws.dynamo()
        .getItem(
            r ->
                r.tableName(api.table)
                    .key(
                        Map.of(
                            "PK", AttributeValue.fromS("BOOKING#" + bookingId),
                            "SK", AttributeValue.fromS("BOOKING"))))
        .item()
        .get("paymentNo")
        .s();
  }

  /** A paid booking cancelled before its cutoff whose refund fails every attempt. */
  private String refundFailedBooking(String slotId, String user) {
    String bookingId = api.paidBooking(user, slotId);
    api.cancel(user, bookingId); // the first attempt runs at once
    failEveryAttempt(paymentOf(bookingId));
    assertThat(api.booking(user, bookingId).text("status")).isEqualTo("REFUND_FAILED");
    return bookingId;
  }

  private void failEveryAttempt(String paymentNo) {
    for (int attempt = 1; attempt <= Refunds.MAX_ATTEMPTS; attempt++) {
      api.provider.report(paymentNo, "REFUND_FAILED");
      api.clock.advance(Duration.ofMinutes(70));
      if (attempt < Refunds.MAX_ATTEMPTS) {
        new ScheduledJobHandler(api.wiring).run("refund-retry");
      }
    }
  }

  private Reply resolve(String exceptionId, String body) {
    return api.send(
        "POST /finance/exceptions/{exceptionId}/resolve",
        e -> e.as("fin-1", FINANCE).path("exceptionId", exceptionId).body(body));
  }

  private Reply retry(String exceptionId) {
    return api.send(
        "POST /finance/exceptions/{exceptionId}/retry-refund",
        e -> e.as("fin-1", FINANCE).path("exceptionId", exceptionId));
  }

  @Test
  void aPartRefundGivenUpOwesFinanceThePartNotTheWholeAmount() {
    String venueId =
        api.venue("UTC", "{\"cancelTiers\":[{\"before\":\"PT2H\",\"refundPercent\":40}]}");
    String slotId =
        api.slot(
            api.resource(venueId, "SEATS", 4), Duration.ofHours(10), Duration.ofHours(1), 1000);

    String bookingId = refundFailedBooking(slotId, "u1");
    List<JsonNode> open = exceptions(venueId, "OPEN");

    assertThat(api.booking("u1", bookingId).json().get("refundMinor").asLong()).isEqualTo(400);
    assertThat(open).hasSize(1);
    assertThat(open.get(0).get("kind").asText()).isEqualTo("REFUND_FAILED");
    assertThat(open.get(0).get("amountMinor").asLong()).isEqualTo(400);
  }

  @Test
  void eachKindAppearsExactlyOnceHoweverOftenItsEventIsReplayed() {
    String venue = api.venue("Asia/Shanghai", "{}");
    String court = api.resource(venue, "EXCLUSIVE", 1);
    String mismatchSlot = api.slot(court, Duration.ofDays(2), Duration.ofHours(1), 6000);
    String lateSlot = api.slot(court, Duration.ofDays(3), Duration.ofHours(1), 6000);
    String refundSlot = api.slot(court, Duration.ofDays(4), Duration.ofHours(1), 6000);

    String refundFailed = refundFailedBooking(refundSlot, "u4");
    new ScheduledJobHandler(api.wiring)
        .run("refund-retry"); // a rerun of the job gives up nothing twice

    String mismatched = api.book("u1", mismatchSlot, 1).text("bookingId");
    String mismatchPayment = api.pay("u1", mismatched).text("paymentNo");
    List<Reply> mismatches = new ArrayList<>();
    List<Reply> unknowns = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      mismatches.add(
          api.webhook(
              ApiDriver.callbackBody("evt-mismatch", mismatchPayment, mismatched, 1, "SUCCEEDED")));
      unknowns.add(
          api.webhook(
              ApiDriver.callbackBody(
                  "evt-unknown", "no-such-payment", mismatched, 6000, "SUCCEEDED")));
    }

    String late = api.book("u2", lateSlot, 1).text("bookingId");
    String latePayment = api.pay("u2", late).text("paymentNo");
    api.clock.advance(Duration.ofMinutes(16));
    new ScheduledJobHandler(api.wiring).run("sweep-holds");
    assertThat(api.book("u3", lateSlot, 1).status()).isEqualTo(201);
    List<Reply> lates = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      lates.add(
          api.webhook(ApiDriver.callbackBody("evt-late", latePayment, late, 6000, "SUCCEEDED")));
    }

    assertThat(mismatches).allMatch(r -> r.text("code").equals("amount_mismatch"));
    assertThat(unknowns).allMatch(r -> r.status() == 404);
    assertThat(lates).allMatch(r -> r.status() == 200);
    List<JsonNode> open = exceptions(venue, "OPEN");
    assertThat(open)
        .extracting(e -> e.get("kind").asText())
        .containsExactlyInAnyOrder(
            "REFUND_FAILED", "AMOUNT_MISMATCH", "UNKNOWN_PAYMENT", "LATE_PAYMENT_REFUNDED");
    Map<String, JsonNode> byKind = new java.util.HashMap<>();
    open.forEach(e -> byKind.put(e.get("kind").asText(), e));
    assertThat(byKind.get("REFUND_FAILED").get("bookingId").asText()).isEqualTo(refundFailed);
    assertThat(byKind.get("AMOUNT_MISMATCH").get("amountMinor").asLong()).isEqualTo(1);
    assertThat(byKind.get("AMOUNT_MISMATCH").get("paymentNo").asText()).isEqualTo(mismatchPayment);
    assertThat(byKind.get("UNKNOWN_PAYMENT").get("paymentNo").asText())
        .isEqualTo("no-such-payment");
    assertThat(byKind.get("LATE_PAYMENT_REFUNDED").get("bookingId").asText()).isEqualTo(late);
    assertThat(byKind.get("LATE_PAYMENT_REFUNDED").get("createdAt").asText()).endsWith("+08:00");
    assertThat(exceptions(venue, "RESOLVED")).isEmpty();
  }

  @Test
  void aRefundRetriedByFinanceRunsAgainAndAFreshFailureRaisesAFreshException() {
    String slotId = api.openSlot("SEATS", 3, 6000);
    String venue = api.slot(slotId).text("venueId");
    String bookingId = refundFailedBooking(slotId, "u1");
    String exceptionId = exceptions(venue, "OPEN").get(0).get("exceptionId").asText();

    Reply retried = retry(exceptionId);
    Reply again = retry(exceptionId);

    assertThat(retried.status()).isEqualTo(200);
    assertThat(retried.text("status")).isEqualTo("RESOLVED");
    assertThat(retried.text("resolution")).isEqualTo("REFUND_RETRIED");
    assertThat(again.body()).isEqualTo(retried.body());
    assertThat(api.booking("u1", bookingId).text("status")).isEqualTo("REFUNDING");

    failEveryAttempt(paymentOf(bookingId));

    List<JsonNode> open = exceptions(venue, "OPEN");
    assertThat(api.booking("u1", bookingId).text("status")).isEqualTo("REFUND_FAILED");
    assertThat(open).hasSize(1);
    assertThat(open.get(0).get("exceptionId").asText()).isNotEqualTo(exceptionId);

    retry(open.get(0).get("exceptionId").asText());
    api.provider.report(paymentOf(bookingId), "REFUNDED");
    assertThat(api.booking("u1", bookingId).text("status")).isEqualTo("REFUNDED");
    assertThat(exceptions(venue, "OPEN")).isEmpty();
    assertThat(exceptions(venue, "RESOLVED")).hasSize(2);
  }

  @Test
  void refundedOfflineClosesTheBookingAsRefundedAndResolvingTwiceAnswersTheSame() {
    String slotId = api.openSlot("SEATS", 3, 6000);
    String venue = api.slot(slotId).text("venueId");
    String bookingId = refundFailedBooking(slotId, "u1");
    String exceptionId = exceptions(venue, "OPEN").get(0).get("exceptionId").asText();

    Reply resolved =
        resolve(exceptionId, "{\"resolution\":\"REFUNDED_OFFLINE\",\"note\":\"cash at the desk\"}");
    Reply twice = resolve(exceptionId, "{\"resolution\":\"WRITTEN_OFF\",\"note\":\"again\"}");

    assertThat(resolved.status()).isEqualTo(200);
    assertThat(resolved.text("status")).isEqualTo("RESOLVED");
    assertThat(resolved.text("note")).isEqualTo("cash at the desk");
    assertThat(resolved.text("resolvedBy")).isEqualTo("fin-1");
    assertThat(twice.status()).isEqualTo(200);
    assertThat(twice.text("resolution")).isEqualTo("REFUNDED_OFFLINE");
    assertThat(api.booking("u1", bookingId).text("status")).isEqualTo("REFUNDED");
    assertThat(exceptions(venue, "OPEN")).isEmpty();
    assertThat(exceptions(venue, "RESOLVED")).hasSize(1);
    String audit =
        api.send("GET /audit", e -> e.as("admin-1", ADMIN).query("bookingId", bookingId)).body();
    assertThat(audit)
        .contains("fin-1")
        .contains("cash at the desk")
        .contains("\"to\":\"REFUNDED\"");
    assertThat(retry(exceptionId).text("code")).isEqualTo("invalid_transition");
  }

  @Test
  void anExceptionWithNothingToRefundIsResolvedWithoutTouchingTheBooking() {
    String slotId = api.openSlot("SEATS", 3, 6000);
    String venue = api.slot(slotId).text("venueId");
    String bookingId = api.book("u1", slotId, 1).text("bookingId");
    String paymentNo = api.pay("u1", bookingId).text("paymentNo");
    api.webhook(ApiDriver.callbackBody("evt-short", paymentNo, bookingId, 10, "SUCCEEDED"));
    String exceptionId = exceptions(venue, "OPEN").get(0).get("exceptionId").asText();

    Reply retry = retry(exceptionId);
    Reply resolved =
        resolve(exceptionId, "{\"resolution\":\"REFUNDED_OFFLINE\",\"note\":\"sent 0.10 back\"}");

    assertThat(retry.status()).isEqualTo(409);
    assertThat(retry.text("code")).isEqualTo("invalid_transition");
    assertThat(resolved.text("status")).isEqualTo("RESOLVED");
    assertThat(api.booking("u1", bookingId).text("status")).isEqualTo("PENDING_PAY");
    assertThat(
            resolve("no-such-exception", "{\"resolution\":\"NO_ACTION\",\"note\":\"x\"}").status())
        .isEqualTo(404);
  }

  private Reply paymentsOf(String user, List<String> roles, String bookingId) {
    return api.send(
        "GET /bookings/{bookingId}/payments", e -> e.as(user, roles).path("bookingId", bookingId));
  }

  @Test
  void eachPaymentListsItsCallbacksOnceAndOnlyFinanceSeesTheRawBody() {
    String slotId = api.openSlot("SEATS", 3, 6000);
    String bookingId = api.book("u1", slotId, 1).text("bookingId");
    String failed = api.pay("u1", bookingId).text("paymentNo");
    String failure = ApiDriver.callbackBody("evt-fail", failed, bookingId, 6000, "FAILED");
    api.webhook(failure);
    api.webhook(failure);
    api.clock.advance(Duration.ofMinutes(1)); // the member tries again a minute later
    String paid = api.pay("u1", bookingId).text("paymentNo");
    api.webhook(ApiDriver.callbackBody("evt-paid", paid, bookingId, 6000, "SUCCEEDED"));

    Reply owner = paymentsOf("u1", ApiDriver.CUSTOMER, bookingId);
    Reply finance = paymentsOf("fin-1", FINANCE, bookingId);
    Reply stranger = paymentsOf("u2", ApiDriver.CUSTOMER, bookingId);

    assertThat(owner.status()).isEqualTo(200);
    JsonNode items = finance.json().get("items");
    assertThat(items).hasSize(2);
    assertThat(items.get(0).get("paymentNo").asText()).isEqualTo(failed);
    assertThat(items.get(0).get("status").asText()).isEqualTo("FAILED");
    assertThat(items.get(0).get("events")).hasSize(1);
    assertThat(items.get(0).get("events").get(0).get("rawCallback").asText()).isEqualTo(failure);
    assertThat(items.get(1).get("status").asText()).isEqualTo("SUCCEEDED");
    assertThat(items.get(1).get("events").get(0).get("status").asText()).isEqualTo("SUCCEEDED");
    assertThat(owner.json().get("items")).hasSize(2);
    assertThat(owner.body()).doesNotContain("rawCallback");
    assertThat(stranger.status()).isEqualTo(404);
  }

  @Test
  void thirtyConcurrentReplaysOfOneEventRaiseOneException() throws Exception {
    String slotId = api.openSlot("SEATS", 3, 6000);
    String venue = api.slot(slotId).text("venueId");
    String bookingId = api.book("u1", slotId, 1).text("bookingId");
    String paymentNo = api.pay("u1", bookingId).text("paymentNo");
    String wrong = ApiDriver.callbackBody("evt-race", paymentNo, bookingId, 7, "SUCCEEDED");
    String unknown = ApiDriver.callbackBody("evt-ghost", "ghost", bookingId, 7, "SUCCEEDED");

    List<Reply> replies =
        fairslot.testing.Race.all(60, i -> () -> api.webhook(i % 2 == 0 ? wrong : unknown));

    assertThat(replies).allMatch(r -> r.status() == 422 || r.status() == 404);
    assertThat(exceptions(venue, "OPEN"))
        .extracting(e -> e.get("kind").asText())
        .containsExactlyInAnyOrder("AMOUNT_MISMATCH", "UNKNOWN_PAYMENT");
    assertThat(api.booking("u1", bookingId).text("status")).isEqualTo("PENDING_PAY");
  }
}
