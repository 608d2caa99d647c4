package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairslot.local.wechatpay.FakeWechatPay;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.LocalDate;
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
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final MovableClock CLOCK = new MovableClock(Instant.now());
  private static LocalRuntime runtime;
  private static String base;
  private static String admin;
  private static String venueResource;

  @BeforeAll
  static void start() throws Exception {
    LocalRuntime.Settings tests = LocalRuntime.Settings.forTests("wechat-reconcile-it");
    // The jobs run only when a test runs them, on a clock the tests move.
    runtime =
        LocalRuntime.start(
            new LocalRuntime.Settings(
                0,
                tests.table(),
                tests.bus(),
                tests.jwtSecret(),
                tests.paymentSecret(),
                CLOCK,
                java.time.Duration.ofHours(6),
                tests.payments(),
                tests.paymentDelay()));
    base = "http://127.0.0.1:" + runtime.port();
    admin = token("wx-admin", "admin");
    String venueId =
        call("POST", "/venues", admin, "{\"name\":\"Court hall\",\"timeZone\":\"Asia/Shanghai\"}")
            .json()
            .path("venueId")
            .asText();
    venueResource =
        call(
                "POST",
                "/venues/" + venueId + "/resources",
                admin,
                "{\"name\":\"Court 1\",\"kind\":\"SEATS\",\"capacity\":4}")
            .json()
            .path("resourceId")
            .asText();
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  record Reply(int status, JsonNode json, String raw) {}

  static Reply call(String method, String path, String token, String body) throws Exception {
    return call(method, path, token, body, Map.of());
  }

  static Reply call(
      String method, String path, String token, String body, Map<String, String> headers)
      throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(base + path))
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    if (token != null) {
      b.header("Authorization", "Bearer " + token);
    }
    headers.forEach(b::header);
    HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    JsonNode json = r.body().isEmpty() ? JSON.createObjectNode() : JSON.readTree(r.body());
    return new Reply(r.statusCode(), json, r.body());
  }

  static String token(String sub, String group) throws Exception {
    return call(
            "POST",
            "/_local/token",
            null,
            "{\"sub\":\"" + sub + "\",\"groups\":[\"" + group + "\"]}")
        .json()
        .path("token")
        .asText();
  }

  private static int hour = 6;

  /** A held booking of a fresh slot priced in CNY, for a member linked to WeChat. */
  private static String hold(String member) throws Exception {
    LocalDate day = LocalDate.now(ZoneId.of("Asia/Shanghai")).plusDays(2);
    int h = hour++;
    String slotId =
        call(
                "POST",
                "/slots",
                admin,
                String.format(
                    "{\"resourceId\":\"%s\",\"start\":\"%sT%02d:00:00\",\"end\":\"%sT%02d:00:00\","
                        + "\"priceMinor\":8800,\"currency\":\"CNY\"}",
                    venueResource, day, h, day, h + 1))
            .json()
            .path("slotId")
            .asText();
    Reply booked =
        call("POST", "/bookings", member, "{\"slotId\":\"" + slotId + "\",\"quantity\":1}");
    assertThat(booked.status()).isEqualTo(201);
    return booked.json().path("bookingId").asText();
  }

  private static FakeWechatPay fake() {
    return runtime.wechatPay();
  }

  private static String status(String member, String bookingId) throws Exception {
    return call("GET", "/bookings/" + bookingId, member, null).json().path("status").asText();
  }

  private static int events(String bookingId) throws Exception {
    JsonNode items =
        call("GET", "/bookings/" + bookingId + "/payments", token("wx-fin", "finance"), null)
            .json()
            .path("items");
    int n = 0;
    for (JsonNode p : items) {
      n += p.path("events").size();
    }
    return n;
  }

  private static int financeExceptions() throws Exception {
    return call("GET", "/finance/exceptions?limit=200", token("wx-fin", "finance"), null)
        .json()
        .path("items")
        .size();
  }

  private static Reply notify(Map<String, String> headers, String body) throws Exception {
    return call("POST", "/payments/wechatpay/notify", null, body, headers);
  }

  private static String pay(String member, String bookingId) throws Exception {
    Reply paid =
        call("POST", "/bookings/" + bookingId + "/pay", member, "{\"provider\":\"wechatpay\"}");
    assertThat(paid.status()).isEqualTo(200);
    return paid.json().path("paymentNo").asText();
  }

  private static JsonNode run(String job) throws Exception {
    return call("POST", "/_local/schedules/" + job + "/run", null, null).json();
  }

  private static String paymentStatus(String bookingId) throws Exception {
    return call("GET", "/bookings/" + bookingId + "/payments", token("wx-fin", "finance"), null)
        .json()
        .path("items")
        .path(0)
        .path("status")
        .asText();
  }

  @Test
  void aLostNotificationIsSettledByTheQueryAndTheLateNotificationThenChangesNothing()
      throws Exception {
    String member = token("wx-lost", "customer");
    call("PUT", "/me/wechat", member, "{\"code\":\"login-lost\"}");
    String bookingId = hold(member);
    String paymentNo = pay(member, bookingId);
    call(
        "POST", "/_local/wechatpay/transactions/" + paymentNo + "/pay", null, "{\"notify\":false}");
    JsonNode early = run("payments-reconcile");
    CLOCK.advance(java.time.Duration.ofMinutes(4));

    JsonNode report = run("payments-reconcile");
    int eventsAfter = events(bookingId);
    JsonNode again = run("payments-reconcile");
    String body = fake().notificationBodyFor(paymentNo).orElseThrow();
    Reply late = notify(fake().headersSignedAt(body, CLOCK.instant()), body);

    assertThat(early.path("changed").asInt()).isZero(); // not due: the notification may come
    assertThat(report.path("changed").asInt()).isEqualTo(1);
    assertThat(status(token("wx-lost", "customer"), bookingId)).isEqualTo("PAID");
    assertThat(paymentStatus(bookingId)).isEqualTo("SUCCEEDED");
    assertThat(again.path("due").asInt()).isZero(); // settled: out of the job's index
    assertThat(late.status()).isEqualTo(204);
    assertThat(events(bookingId)).isEqualTo(eventsAfter);
  }

  @Test
  void aLapsedHoldsOrderIsClosedAtWechatAndItsPaymentFails() throws Exception {
    String member = token("wx-lapsed", "customer");
    call("PUT", "/me/wechat", member, "{\"code\":\"login-lapsed\"}");
    String bookingId = hold(member);
    String paymentNo = pay(member, bookingId);
    CLOCK.advance(java.time.Duration.ofMinutes(16));
    run("sweep-holds");

    run("payments-reconcile");

    assertThat(fake().tradeState(paymentNo)).contains("CLOSED");
    assertThat(paymentStatus(bookingId)).isEqualTo("FAILED");
    assertThat(status(token("wx-lapsed", "customer"), bookingId)).isEqualTo("EXPIRED");
    assertThat(
            call("POST", "/_local/wechatpay/transactions/" + paymentNo + "/pay", null, "{}")
                .status())
        .isEqualTo(404); // a closed order cannot be paid
  }

  @Test
  void aPaymentMadeJustBeforeTheHoldLapsedIsFoundAtTheCloseAndRevivesTheBooking() throws Exception {
    String member = token("wx-late", "customer");
    call("PUT", "/me/wechat", member, "{\"code\":\"login-late\"}");
    String bookingId = hold(member);
    String paymentNo = pay(member, bookingId);
    call(
        "POST", "/_local/wechatpay/transactions/" + paymentNo + "/pay", null, "{\"notify\":false}");
    CLOCK.advance(java.time.Duration.ofMinutes(16));
    run("sweep-holds");
    String member2 = token("wx-late", "customer");
    assertThat(status(member2, bookingId)).isEqualTo("EXPIRED");

    run("payments-reconcile");

    assertThat(fake().tradeState(paymentNo)).contains("SUCCESS");
    assertThat(status(member2, bookingId)).isEqualTo("PAID"); // a seat was free: revived
    assertThat(paymentStatus(bookingId)).isEqualTo("SUCCEEDED");
  }

  /** A PAID booking (paid through WeChat, notified) that its member then cancels: a refund owed. */
  private static String[] cancelledAfterPaying(String who) throws Exception {
    String member = token(who, "customer");
    call("PUT", "/me/wechat", member, "{\"code\":\"login-" + who + "\"}");
    String bookingId = hold(member);
    String paymentNo = pay(member, bookingId);
    call("POST", "/_local/wechatpay/transactions/" + paymentNo + "/pay", null, "{}");
    assertThat(status(member, bookingId)).isEqualTo("PAID");
    assertThat(call("POST", "/bookings/" + bookingId + "/cancel", member, null).status())
        .isEqualTo(200);
    assertThat(paymentStatus(bookingId)).isEqualTo("REFUNDING");
    return new String[] {bookingId, paymentNo};
  }

  private static JsonNode refund(String bookingId) throws Exception {
    return call("GET", "/bookings/" + bookingId + "/payments", token("wx-fin", "finance"), null)
        .json()
        .path("items")
        .path(0)
        .path("refunds")
        .path(0);
  }

  private static Reply finish(String refundNo, String status, boolean notify) throws Exception {
    return call(
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

    assertThat(paymentStatus(b[0])).isEqualTo("REFUNDED");
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

    run("refund-retry");

    assertThat(paymentStatus(b[0])).isEqualTo("REFUNDED");
    assertThat(fake().refundsOf(b[1])).isEqualTo(1);
  }

  @Test
  void aClosedRefundIsSubmittedAgainUnderTheSameNumberAndNeverTwice() throws Exception {
    String[] b = cancelledAfterPaying("wx-refund-closed");
    String refundNo = "R" + b[1];
    finish(refundNo, "CLOSED", true);
    assertThat(paymentStatus(b[0])).isEqualTo("REFUNDING"); // failed once: asked again later
    CLOCK.advance(java.time.Duration.ofMinutes(3));

    run("refund-retry");

    assertThat(fake().refundStatus(refundNo)).contains("PROCESSING");
    assertThat(fake().refundsOf(b[1])).isEqualTo(1);
    finish(refundNo, "SUCCESS", true);
    assertThat(paymentStatus(b[0])).isEqualTo("REFUNDED");
  }

  @Test
  void anAbnormalRefundGoesStraightToFinance() throws Exception {
    String[] b = cancelledAfterPaying("wx-refund-abnormal");

    finish("R" + b[1], "ABNORMAL", true);

    assertThat(paymentStatus(b[0])).isEqualTo("REFUND_FAILED");
    assertThat(refund(b[0]).path("status").asText()).isEqualTo("FAILED");
    JsonNode exceptions =
        call("GET", "/finance/exceptions?limit=200", token("wx-fin", "finance"), null)
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
    String member = token("wx-race", "customer");
    call("PUT", "/me/wechat", member, "{\"code\":\"login-race\"}");
    String bookingId = hold(member);
    String slotId =
        call("GET", "/bookings/" + bookingId, member, null).json().path("slotId").asText();
    String paymentNo = pay(member, bookingId);
    call(
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
              return run("payments-reconcile");
            });

    start.countDown();
    for (var answer : answers) {
      assertThat(answer.get()).isEqualTo(204);
    }
    query.get();
    pool.shutdown();

    assertThat(status(token("wx-race", "customer"), bookingId)).isEqualTo("PAID");
    assertThat(paymentStatus(bookingId)).isEqualTo("SUCCEEDED");
    assertThat(events(bookingId)).isEqualTo(1); // one event id: the order's number and state
    JsonNode slot = call("GET", "/slots/" + slotId, null, null).json();
    assertThat(slot.path("remaining").asInt()).isEqualTo(slot.path("capacity").asInt() - 1);
    run("send-notifications");
    long confirmations =
        call("GET", "/_local/notifications?userId=wx-race", null, null)
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
    String member = token("wx-bill", "customer");
    call("PUT", "/me/wechat", member, "{\"code\":\"login-bill\"}");
    String first = pay(member, hold(member));
    call("POST", "/_local/wechatpay/transactions/" + first + "/pay", null, "{}");
    String second = pay(member, hold(member));
    call("POST", "/_local/wechatpay/transactions/" + second + "/pay", null, "{}");
    java.time.LocalDate day =
        java.time.LocalDate.ofInstant(CLOCK.instant(), ZoneId.of("Asia/Shanghai"));
    fake().misstateBillAmount(second, 8700);
    fake().addBillLine(day, "NOTFAIRSLOTS000000000000000000001", 1200);
    String finance = token("wx-fin", "finance");
    int before = financeExceptions();

    Reply run =
        call(
            "POST",
            "/finance/statements:reconcile",
            finance,
            "{\"provider\":\"wechatpay\",\"date\":\"" + day + "\"}");
    Reply again =
        call(
            "POST",
            "/finance/statements:reconcile",
            token("wx-fin", "finance"),
            "{\"provider\":\"wechatpay\",\"date\":\"" + day + "\"}");

    assertThat(run.status()).isEqualTo(200);
    assertThat(run.json().path("exceptions").asInt()).isEqualTo(2);
    assertThat(run.json().path("matched").asInt()).isEqualTo(run.json().path("lines").asInt() - 2);
    assertThat(financeExceptions()).isEqualTo(before + 2);
    assertThat(again.json().path("exceptions").asInt()).isZero(); // the same day again: none new
    assertThat(financeExceptions()).isEqualTo(before + 2);
    JsonNode items =
        call("GET", "/finance/exceptions?limit=200", token("wx-fin", "finance"), null)
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
        call(
            "POST",
            "/finance/statements:reconcile",
            token("wx-fin", "finance"),
            "{\"provider\":\"stripe\",\"date\":\"" + day + "\"}");
    assertThat(stripe.status()).isEqualTo(409); // Stripe's balance transactions: not yet read
  }
}
