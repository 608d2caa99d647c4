package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.local.LocalClient.Reply;
import fairslot.local.wechatpay.FakeWechatPay;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What the payments-reconcile job finds at WeChat Pay when a notification never came: a payment
 * WeChat took is settled by the query (and the late notification then changes nothing); a lapsed
 * hold's order is closed and its payment fails; a payment made just before the hold lapsed is
 * applied as a late payment.
 */
class WechatPayReconcileIT {
  private static final MovableClock CLOCK = new MovableClock(Instant.now());
  private static LocalRuntime runtime;
  private static LocalClient api;

  @BeforeAll
  static void start() throws Exception {
    runtime = LocalClient.startOn("wechat-reconcile-it", CLOCK);
    api = new LocalClient(runtime);
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  private static FakeWechatPay fake() {
    return runtime.wechatPay();
  }

  private static Reply notify(Map<String, String> headers, String body) throws Exception {
    return api.call("POST", "/payments/wechatpay/notify", null, body, headers);
  }

  private static String pay(String member, String bookingId) throws Exception {
    Reply paid =
        api.call("POST", "/bookings/" + bookingId + "/pay", member, "{\"provider\":\"wechatpay\"}");
    assertThat(paid.status()).isEqualTo(200);
    return paid.json().path("paymentNo").asText();
  }

  @Test
  void aLostNotificationIsSettledByTheQueryAndTheLateNotificationThenChangesNothing()
      throws Exception {
    String member = api.token("wx-lost", "customer");
    api.call("PUT", "/me/wechat", member, "{\"code\":\"login-lost\"}");
    String bookingId = api.hold(member);
    String paymentNo = pay(member, bookingId);
    api.call(
        "POST", "/_local/wechatpay/transactions/" + paymentNo + "/pay", null, "{\"notify\":false}");
    JsonNode early = api.run("payments-reconcile");
    CLOCK.advance(java.time.Duration.ofMinutes(4));

    JsonNode report = api.run("payments-reconcile");
    int eventsAfter = api.events(bookingId);
    JsonNode again = api.run("payments-reconcile");
    String body = fake().notificationBodyFor(paymentNo).orElseThrow();
    Reply late = notify(fake().headersSignedAt(body, CLOCK.instant()), body);

    assertThat(early.path("changed").asInt()).isZero(); // not due: the notification may come
    assertThat(report.path("changed").asInt()).isEqualTo(1);
    assertThat(api.status(api.token("wx-lost", "customer"), bookingId)).isEqualTo("PAID");
    assertThat(api.paymentStatus(bookingId)).isEqualTo("SUCCEEDED");
    assertThat(again.path("due").asInt()).isZero(); // settled: out of the job's index
    assertThat(late.status()).isEqualTo(204);
    assertThat(api.events(bookingId)).isEqualTo(eventsAfter);
  }

  @Test
  void aLapsedHoldsOrderIsClosedAtWechatAndItsPaymentFails() throws Exception {
    String member = api.token("wx-lapsed", "customer");
    api.call("PUT", "/me/wechat", member, "{\"code\":\"login-lapsed\"}");
    String bookingId = api.hold(member);
    String paymentNo = pay(member, bookingId);
    CLOCK.advance(java.time.Duration.ofMinutes(16));
    api.run("sweep-holds");

    api.run("payments-reconcile");

    assertThat(fake().tradeState(paymentNo)).contains("CLOSED");
    assertThat(api.paymentStatus(bookingId)).isEqualTo("FAILED");
    assertThat(api.status(api.token("wx-lapsed", "customer"), bookingId)).isEqualTo("EXPIRED");
    assertThat(
            api.call("POST", "/_local/wechatpay/transactions/" + paymentNo + "/pay", null, "{}")
                .status())
        .isEqualTo(404); // a closed order cannot be paid
  }

  @Test
  void aPaymentMadeJustBeforeTheHoldLapsedIsFoundAtTheCloseAndRevivesTheBooking() throws Exception {
    String member = api.token("wx-late", "customer");
    api.call("PUT", "/me/wechat", member, "{\"code\":\"login-late\"}");
    String bookingId = api.hold(member);
    String paymentNo = pay(member, bookingId);
    api.call(
        "POST", "/_local/wechatpay/transactions/" + paymentNo + "/pay", null, "{\"notify\":false}");
    CLOCK.advance(java.time.Duration.ofMinutes(16));
    api.run("sweep-holds");
    String member2 = api.token("wx-late", "customer");
    assertThat(api.status(member2, bookingId)).isEqualTo("EXPIRED");

    api.run("payments-reconcile");

    assertThat(fake().tradeState(paymentNo)).contains("SUCCESS");
    assertThat(api.status(member2, bookingId)).isEqualTo("PAID"); // a seat was free: revived
    assertThat(api.paymentStatus(bookingId)).isEqualTo("SUCCEEDED");
  }

  /** A PAID booking (paid through WeChat, notified) that its member then cancels: a refund owed. */
  private static String[] cancelledAfterPaying(String who) throws Exception {
    String member = api.token(who, "customer");
    api.call("PUT", "/me/wechat", member, "{\"code\":\"login-" + who + "\"}");
    String bookingId = api.hold(member);
    String paymentNo = pay(member, bookingId);
    api.call("POST", "/_local/wechatpay/transactions/" + paymentNo + "/pay", null, "{}");
    assertThat(api.status(member, bookingId)).isEqualTo("PAID");
    assertThat(api.call("POST", "/bookings/" + bookingId + "/cancel", member, null).status())
        .isEqualTo(200);
    assertThat(api.paymentStatus(bookingId)).isEqualTo("REFUNDING");
    return new String[] {bookingId, paymentNo};
  }

  private static JsonNode refund(String bookingId) throws Exception {
    return api.call(
            "GET", "/bookings/" + bookingId + "/payments", api.token("wx-fin", "finance"), null)
        .json()
        .path("items")
        .path(0)
        .path("refunds")
        .path(0);
  }

  private static Reply finish(String refundNo, String status, boolean notify) throws Exception {
    return api.call(
        "POST",
        "/_local/wechatpay/refunds/" + refundNo + "/finish",
        null,
        "{\"status\":\"" + status + "\",\"notify\":" + notify + "}");
  }

  @Test
  void aRefundIsAskedForOnceUnderTheStableNumberAndFinishedByWechatsNotification()
      throws Exception {
    String[] b = cancelledAfterPaying("wx-refund-notified");
    String refundNo = refund(b[0]).path("refundNo").asText();

    assertThat(refundNo).isEqualTo("R" + b[1]);
    assertThat(fake().refundStatus(refundNo)).contains("PROCESSING");
    assertThat(refund(b[0]).path("status").asText()).isEqualTo("PROCESSING");
    assertThat(finish(refundNo, "SUCCESS", true).status()).isEqualTo(200);

    assertThat(api.paymentStatus(b[0])).isEqualTo("REFUNDED");
    assertThat(refund(b[0]).path("status").asText()).isEqualTo("SUCCEEDED");
    assertThat(refund(b[0]).path("amountMinor").asLong()).isEqualTo(8800);
    assertThat(fake().refundsOf(b[1])).isEqualTo(1);
  }

  @Test
  void aRefundWhoseNotificationIsLostIsFinishedByTheQuery() throws Exception {
    String[] b = cancelledAfterPaying("wx-refund-lost");
    String refundNo = "R" + b[1];
    finish(refundNo, "SUCCESS", false);
    CLOCK.advance(java.time.Duration.ofMinutes(61));

    api.run("refund-retry");

    assertThat(api.paymentStatus(b[0])).isEqualTo("REFUNDED");
    assertThat(fake().refundsOf(b[1])).isEqualTo(1);
  }

  @Test
  void aClosedRefundIsSubmittedAgainUnderTheSameNumberAndNeverTwice() throws Exception {
    String[] b = cancelledAfterPaying("wx-refund-closed");
    String refundNo = "R" + b[1];
    finish(refundNo, "CLOSED", true);
    assertThat(api.paymentStatus(b[0])).isEqualTo("REFUNDING"); // failed once: asked again later
    CLOCK.advance(java.time.Duration.ofMinutes(3));

    api.run("refund-retry");

    assertThat(fake().refundStatus(refundNo)).contains("PROCESSING");
    assertThat(fake().refundsOf(b[1])).isEqualTo(1);
    finish(refundNo, "SUCCESS", true);
    assertThat(api.paymentStatus(b[0])).isEqualTo("REFUNDED");
  }

  @Test
  void anAbnormalRefundGoesStraightToFinance() throws Exception {
    String[] b = cancelledAfterPaying("wx-refund-abnormal");

    finish("R" + b[1], "ABNORMAL", true);

    assertThat(api.paymentStatus(b[0])).isEqualTo("REFUND_FAILED");
    assertThat(refund(b[0]).path("status").asText()).isEqualTo("FAILED");
    JsonNode exceptions =
        api.call("GET", "/finance/exceptions?limit=200", api.token("wx-fin", "finance"), null)
            .json()
            .path("items");
    assertThat(exceptions.findValuesAsText("kind")).contains("REFUND_ABNORMAL");
    boolean named = false;
    for (JsonNode e : exceptions) {
      named |=
          e.path("kind").asText().equals("REFUND_ABNORMAL")
              && e.path("paymentNo").asText().equals(b[1]);
    }
    assertThat(named).isTrue();
  }

  @Test
  void fiftyDuplicateNotificationsRacingTheQuerySettleThePaymentOnce() throws Exception {
    String member = api.token("wx-race", "customer");
    api.call("PUT", "/me/wechat", member, "{\"code\":\"login-race\"}");
    String bookingId = api.hold(member);
    String slotId =
        api.call("GET", "/bookings/" + bookingId, member, null).json().path("slotId").asText();
    String paymentNo = pay(member, bookingId);
    api.call(
        "POST", "/_local/wechatpay/transactions/" + paymentNo + "/pay", null, "{\"notify\":false}");
    CLOCK.advance(java.time.Duration.ofMinutes(4));
    String body = fake().notificationBodyFor(paymentNo).orElseThrow();
    Map<String, String> headers = fake().headersSignedAt(body, CLOCK.instant());
    var pool = java.util.concurrent.Executors.newFixedThreadPool(51);
    var start = new java.util.concurrent.CountDownLatch(1);
    java.util.List<java.util.concurrent.Future<Integer>> answers = new java.util.ArrayList<>();
    for (int i = 0; i < 50; i++) {
      answers.add(
          pool.submit(
              () -> {
                start.await();
                return notify(headers, body).status();
              }));
    }
    var query =
        pool.submit(
            () -> {
              start.await();
              return api.run("payments-reconcile");
            });

    start.countDown();
    for (var answer : answers) {
      assertThat(answer.get()).isEqualTo(204);
    }
    query.get();
    pool.shutdown();

    assertThat(api.status(api.token("wx-race", "customer"), bookingId)).isEqualTo("PAID");
    assertThat(api.paymentStatus(bookingId)).isEqualTo("SUCCEEDED");
    assertThat(api.events(bookingId)).isEqualTo(1); // one event id: the order's number and state
    JsonNode slot = api.call("GET", "/slots/" + slotId, null, null).json();
    assertThat(slot.path("remaining").asInt()).isEqualTo(slot.path("capacity").asInt() - 1);
    api.run("send-notifications");
    long confirmations =
        api
            .call("GET", "/_local/notifications?userId=wx-race", null, null)
            .json()
            .path("items")
            .findValuesAsText("kind")
            .stream()
            .filter("BOOKING_CONFIRMED"::equals)
            .count();
    assertThat(confirmations).isEqualTo(1); // one confirmation: the payment applied once
  }

  @Test
  void aTradeBillWithOneUnknownLineAndOneDifferentAmountGivesExactlyTwoExceptionsOnce()
      throws Exception {
    String member = api.token("wx-bill", "customer");
    api.call("PUT", "/me/wechat", member, "{\"code\":\"login-bill\"}");
    String first = pay(member, api.hold(member));
    api.call("POST", "/_local/wechatpay/transactions/" + first + "/pay", null, "{}");
    String second = pay(member, api.hold(member));
    api.call("POST", "/_local/wechatpay/transactions/" + second + "/pay", null, "{}");
    java.time.LocalDate day =
        java.time.LocalDate.ofInstant(CLOCK.instant(), ZoneId.of("Asia/Shanghai"));
    fake().misstateBillAmount(second, 8700);
    fake().addBillLine(day, "NOTFAIRSLOTS000000000000000000001", 1200);
    String finance = api.token("wx-fin", "finance");
    int before = api.financeExceptions();

    Reply run =
        api.call(
            "POST",
            "/finance/statements:reconcile",
            finance,
            "{\"provider\":\"wechatpay\",\"date\":\"" + day + "\"}");
    Reply again =
        api.call(
            "POST",
            "/finance/statements:reconcile",
            api.token("wx-fin", "finance"),
            "{\"provider\":\"wechatpay\",\"date\":\"" + day + "\"}");

    assertThat(run.status()).isEqualTo(200);
    assertThat(run.json().path("exceptions").asInt()).isEqualTo(2);
    assertThat(run.json().path("matched").asInt()).isEqualTo(run.json().path("lines").asInt() - 2);
    assertThat(api.financeExceptions()).isEqualTo(before + 2);
    assertThat(again.json().path("exceptions").asInt()).isZero(); // the same day again: none new
    assertThat(api.financeExceptions()).isEqualTo(before + 2);
    JsonNode items =
        api.call("GET", "/finance/exceptions?limit=200", api.token("wx-fin", "finance"), null)
            .json()
            .path("items");
    java.util.List<String> mismatched = new java.util.ArrayList<>();
    for (JsonNode e : items) {
      if (e.path("kind").asText().equals("STATEMENT_MISMATCH")) {
        mismatched.add(e.path("paymentNo").asText() + "=" + e.path("amountMinor").asLong());
      }
    }
    assertThat(mismatched)
        .containsExactlyInAnyOrder(second + "=8700", "NOTFAIRSLOTS000000000000000000001=1200");
    Reply stripe =
        api.call(
            "POST",
            "/finance/statements:reconcile",
            api.token("wx-fin", "finance"),
            "{\"provider\":\"stripe\",\"date\":\"" + day + "\"}");
    assertThat(stripe.status()).isEqualTo(200); // no Stripe payments in this run: nothing to match
    assertThat(stripe.json().path("exceptions").asInt()).isZero();
  }
}
