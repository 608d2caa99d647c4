package fairslot.handler.payment;

import static fairslot.testing.ApiDriver.ADMIN;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.handler.ScheduledJobHandler;
import fairslot.messaging.payments.WebhookSignature;
import fairslot.payment.app.Refunds;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PaymentIT {
  private final ApiDriver api = new ApiDriver("pay");

  @AfterEach
  void seatLedgerBalances() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  private String callback(String paymentNo, String bookingId, long amount, String status) {
    return ApiDriver.callbackBody(
        UUID.randomUUID().toString(), paymentNo, bookingId, amount, status);
  }

  private long auditCount(String bookingId, String to) {
    Reply audit = api.send("GET /audit", e -> e.as("admin-1", ADMIN).query("bookingId", bookingId));
    java.util.List<String> tos = new java.util.ArrayList<>();
    audit.json().get("items").forEach(i -> tos.add(i.get("to").asText()));
    return tos.stream().filter(to::equals).count();
  }

  @Test
  void payingTwiceReturnsTheSamePaymentAndSuccessMakesTheBookingPaid() {
    String slotId = api.openSlot("SEATS", 4, 6000);
    String bookingId = api.book("u1", slotId, 2).text("bookingId");

    Reply first = api.pay("u1", bookingId);
    Reply second = api.pay("u1", bookingId);
    api.provider.report(first.text("paymentNo"), "SUCCEEDED");

    assertThat(first.status()).isEqualTo(200);
    assertThat(first.json().get("amountMinor").asLong()).isEqualTo(12000);
    assertThat(first.text("currency")).isEqualTo("CNY");
    assertThat(first.text("provider")).isEqualTo("local");
    assertThat(second.text("paymentNo")).isEqualTo(first.text("paymentNo"));
    assertThat(api.booking("u1", bookingId).text("status")).isEqualTo("PAID");
    assertThat(api.remaining(slotId)).isEqualTo(2);
  }

  @Test
  void aWebhookReplayedFiveTimesMakesOneTransition() {
    String slotId = api.openSlot("SEATS", 4, 6000);
    String bookingId = api.book("u1", slotId, 1).text("bookingId");
    String paymentNo = api.pay("u1", bookingId).text("paymentNo");
    String body = ApiDriver.callbackBody("evt-once", paymentNo, bookingId, 6000, "SUCCEEDED");

    for (int i = 0; i < 5; i++) {
      Reply r = api.webhook(body);
      assertThat(r.status()).isEqualTo(200);
      assertThat(r.json().get("ok").asBoolean()).isTrue();
    }

    assertThat(api.booking("u1", bookingId).text("status")).isEqualTo("PAID");
    assertThat(auditCount(bookingId, "PAID")).isEqualTo(1);
  }

  @Test
  void badSignaturesStaleTimestampsWrongAmountsAndUnknownPaymentsAreRefusedAndChangeNothing() {
    String slotId = api.openSlot("SEATS", 4, 6000);
    String bookingId = api.book("u1", slotId, 1).text("bookingId");
    String paymentNo = api.pay("u1", bookingId).text("paymentNo");
    String good = callback(paymentNo, bookingId, 6000, "SUCCEEDED");
    long now = api.clock.instant().getEpochSecond();
    int itemsBefore = SeatLedger.itemCount(Aws.dynamo(), api.table);

    Reply forged =
        api.send(
            "POST /payments/callback",
            e ->
                e.header(WebhookSignature.TIMESTAMP_HEADER, "" + now)
                    .header(
                        WebhookSignature.SIGNATURE_HEADER,
                        new WebhookSignature("wrong-secret").sign(now, good))
                    .body(good));
    Reply unsigned = api.send("POST /payments/callback", e -> e.body(good));
    Reply stale =
        api.send(
            "POST /payments/callback",
            e ->
                e.header(WebhookSignature.TIMESTAMP_HEADER, "" + (now - 301))
                    .header(WebhookSignature.SIGNATURE_HEADER, api.signature.sign(now - 301, good))
                    .body(good));
    Reply tampered =
        api.send(
            "POST /payments/callback",
            e ->
                e.header(WebhookSignature.TIMESTAMP_HEADER, "" + now)
                    .header(WebhookSignature.SIGNATURE_HEADER, api.signature.sign(now, good))
                    .body(good.replace("6000", "1")));
    Reply unknown = api.webhook(callback("no-such-payment", bookingId, 6000, "SUCCEEDED"));
    Reply otherBooking = api.webhook(callback(paymentNo, "another-booking", 6000, "SUCCEEDED"));
    Reply malformed = api.webhook("{\"eventId\":1}");
    int itemsAfterRefusals = SeatLedger.itemCount(Aws.dynamo(), api.table);
    Reply wrongAmount = api.webhook(callback(paymentNo, bookingId, 5999, "SUCCEEDED"));

    for (Reply r : new Reply[] {forged, unsigned, stale, tampered}) {
      assertThat(r.status()).isEqualTo(401);
      assertThat(r.text("code")).isEqualTo("bad_signature");
    }
    assertThat(unknown.status()).isEqualTo(404);
    assertThat(otherBooking.status()).isEqualTo(404);
    assertThat(malformed.status()).isEqualTo(422);
    // Unsigned, forged, stale, tampered and malformed bodies write nothing; the two authentic
    // callbacks for a payment we do not know are each remembered with their finance exception.
    assertThat(itemsAfterRefusals).isEqualTo(itemsBefore + 4);
    assertThat(wrongAmount.status()).isEqualTo(422);
    assertThat(wrongAmount.text("code")).isEqualTo("amount_mismatch");
    assertThat(api.booking("u1", bookingId).text("status")).isEqualTo("PENDING_PAY");
    // only the callback as received, the event record and its finance exception were written
    assertThat(SeatLedger.itemCount(Aws.dynamo(), api.table)).isEqualTo(itemsAfterRefusals + 3);
  }

  @Test
  void aFailedChargeLeavesTheHoldAndTheMemberMayPayAgain() {
    String slotId = api.openSlot("SEATS", 4, 6000);
    String bookingId = api.book("u1", slotId, 1).text("bookingId");
    String first = api.pay("u1", bookingId).text("paymentNo");
    api.provider.report(first, "FAILED");

    Reply again = api.pay("u1", bookingId);

    assertThat(api.booking("u1", bookingId).text("status")).isEqualTo("PENDING_PAY");
    assertThat(again.text("paymentNo")).isNotEqualTo(first);
    api.provider.report(again.text("paymentNo"), "SUCCEEDED");
    assertThat(api.booking("u1", bookingId).text("status")).isEqualTo("PAID");
  }

  @Test
  void aLateSuccessRetakesAFreeSeat() {
    String slotId = api.openSlot("SEATS", 2, 6000);
    String bookingId = api.book("u1", slotId, 1).text("bookingId");
    String paymentNo = api.pay("u1", bookingId).text("paymentNo");
    api.clock.advance(Duration.ofMinutes(16));
    new ScheduledJobHandler(api.wiring).run("sweep-holds");

    api.provider.report(paymentNo, "SUCCEEDED");

    assertThat(api.booking("u1", bookingId).text("status")).isEqualTo("PAID");
    assertThat(api.remaining(slotId)).isEqualTo(1);
  }

  @Test
  void aLateSuccessWithNoSeatLeftIsRefundedNeverKept() {
    String slotId = api.openSlot("EXCLUSIVE", 1, 6000);
    String bookingId = api.book("u1", slotId, 1).text("bookingId");
    String paymentNo = api.pay("u1", bookingId).text("paymentNo");
    api.clock.advance(Duration.ofMinutes(16));
    new ScheduledJobHandler(api.wiring).run("sweep-holds");
    assertThat(api.book("u2", slotId, 1).status()).isEqualTo(201);

    api.provider.report(paymentNo, "SUCCEEDED");
    api.provider.report(paymentNo, "REFUNDED");

    assertThat(api.booking("u1", bookingId).text("status")).isEqualTo("EXPIRED");
    Reply audit = api.send("GET /audit", e -> e.as("admin-1", ADMIN).query("bookingId", bookingId));
    assertThat(audit.body()).contains("no seat");
    assertThat(api.remaining(slotId)).isZero();
  }

  @Test
  void cancellingAPaidBookingBeforeTheCutoffRefundsItOnceAndAfterwardsIsRefused() {
    String slotId = api.openSlot("SEATS", 3, 6000);
    String refundable = api.paidBooking("u1", slotId);
    String tooLate = api.paidBooking("u2", slotId);

    Reply cancelled = api.cancel("u1", refundable);
    Reply again = api.cancel("u1", refundable);
    api.clock.advance(Duration.ofHours(22).plusMinutes(1)); // now within 2 h of the start
    Reply refused = api.cancel("u2", tooLate);

    assertThat(cancelled.text("status")).isEqualTo("REFUNDING");
    assertThat(again.text("status")).isEqualTo("REFUNDING");
    assertThat(refused.status()).isEqualTo(409);
    assertThat(refused.text("code")).isEqualTo("cancel_window_closed");
    assertThat(api.remaining(slotId)).isEqualTo(2);
  }

  @Test
  void theRefundWebhookCompletesTheRefundAndARefundNeverReturnsToPaid() {
    String slotId = api.openSlot("SEATS", 3, 6000);
    String bookingId = api.paidBooking("u1", slotId);
    String paymentNo = api.booking("u1", bookingId).json().path("paymentNo").asText(null);
    api.cancel("u1", bookingId);
    String payment = paymentOf(bookingId);

    api.provider.report(payment, "REFUNDED");
    api.provider.report(payment, "SUCCEEDED");

    assertThat(paymentNo).isNull(); // the booking view does not expose payment numbers
    assertThat(api.booking("u1", bookingId).text("status")).isEqualTo("REFUNDED");
  }

  @Test
  void aRefundThatKeepsFailingGoesToStaffAfterTheLastAttempt() {
    String slotId = api.openSlot("SEATS", 3, 6000);
    String bookingId = api.paidBooking("u1", slotId);
    api.cancel("u1", bookingId); // attempt 1 runs at once
    String payment = paymentOf(bookingId);

    for (int attempt = 1; attempt <= Refunds.MAX_ATTEMPTS; attempt++) {
      api.provider.report(payment, "REFUND_FAILED");
      api.clock.advance(Duration.ofHours(2));
      if (attempt < Refunds.MAX_ATTEMPTS) {
        new ScheduledJobHandler(api.wiring).run("refund-retry");
      }
    }

    assertThat(api.booking("u1", bookingId).text("status")).isEqualTo("REFUND_FAILED");
    assertThat(auditCount(bookingId, "PAID")).isEqualTo(1);
  }

  private String paymentOf(String bookingId) {
    Reply audit = api.send("GET /audit", e -> e.as("admin-1", ADMIN).query("bookingId", bookingId));
    assertThat(audit.status()).isEqualTo(200);
    var item =
        Aws.dynamo()
            .getItem(
                r ->
                    r.tableName(api.table)
                        .key(
                            java.util.Map.of(
                                "PK",
                                    software.amazon.awssdk.services.dynamodb.model.AttributeValue
                                        .fromS("BOOKING#" + bookingId),
                                "SK",
                                    software.amazon.awssdk.services.dynamodb.model.AttributeValue
                                        .fromS("BOOKING"))))
            .item();
    return item.get("paymentNo").s();
  }
}
