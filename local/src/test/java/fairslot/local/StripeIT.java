package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairslot.local.stripe.FakeStripe;
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
 * Stripe end to end on the local runtime and its fake: a PaymentIntent per payment (paying again
 * returns the same one), signed events settle it at the webhook route, forged, altered and stale
 * events are 400 with nothing written, a replay changes nothing, a lost event is found by the
 * payments-reconcile job, and a refund is asked for once and finished by its event.
 */
class StripeIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final MovableClock CLOCK = new MovableClock(Instant.now());
  private static LocalRuntime runtime;
  private static String base;
  private static String admin;
  private static String venueResource;

  @BeforeAll
  static void start() throws Exception {
    LocalRuntime.Settings tests = LocalRuntime.Settings.forTests("stripe-it");
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

  /** A held booking of a fresh slot priced 88.00 CNY. */
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

  private static FakeStripe fake() {
    return runtime.stripe();
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

  private static Reply webhook(String signature, String body) throws Exception {
    return call(
        "POST",
        "/payments/stripe/webhook",
        null,
        body,
        signature == null ? Map.of() : Map.of("Stripe-Signature", signature));
  }

  /** Pays with Stripe: the payment number and the intent's id. */
  private static String[] pay(String member, String bookingId) throws Exception {
    Reply paid =
        call("POST", "/bookings/" + bookingId + "/pay", member, "{\"provider\":\"stripe\"}");
    assertThat(paid.status()).isEqualTo(200);
    return new String[] {
      paid.json().path("paymentNo").asText(),
      paid.json().path("client").path("paymentIntentId").asText(),
      paid.json().path("client").path("clientSecret").asText()
    };
  }

  private static String paymentStatus(String bookingId) throws Exception {
    return call("GET", "/bookings/" + bookingId + "/payments", token("st-fin", "finance"), null)
        .json()
        .path("items")
        .path(0)
        .path("status")
        .asText();
  }

  @Test
  void aPaymentIntentIsMadeOnceAndItsSucceededEventSettlesTheBooking() throws Exception {
    String member = token("st-payer", "customer");
    String bookingId = hold(member);

    String[] first = pay(member, bookingId);
    String[] again = pay(member, bookingId);
    Reply card =
        call("POST", "/_local/stripe/payment_intents/" + first[1] + "/succeed", null, "{}");

    assertThat(first[1]).startsWith("pi_");
    assertThat(first[2]).startsWith(first[1] + "_secret_");
    assertThat(again).containsExactly(first);
    assertThat(card.status()).isEqualTo(200);
    assertThat(status(member, bookingId)).isEqualTo("PAID");
    assertThat(paymentStatus(bookingId)).isEqualTo("SUCCEEDED");
    assertThat(fake().events().get(fake().events().size() - 1).get("answered")).isEqualTo(200);
  }

  @Test
  void forgedAlteredAndStaleEventsAre400AndWriteNothingAndAReplayChangesNothing() throws Exception {
    String member = token("st-forged", "customer");
    String bookingId = hold(member);
    String[] p = pay(member, bookingId);
    call("POST", "/_local/stripe/payment_intents/" + p[1] + "/succeed", null, "{\"notify\":false}");
    String body = fake().eventBodyFor(p[1], "payment_intent.succeeded").orElseThrow();
    String good = fake().signatureAt(body, CLOCK.instant());
    int eventsBefore = events(bookingId);
    int exceptionsBefore = financeExceptions();

    Reply altered = webhook(good, body.replace("\"amount\":8800", "\"amount\":1"));
    Reply stale = webhook(fake().signatureAt(body, CLOCK.instant().minusSeconds(301)), body);
    Reply future = webhook(fake().signatureAt(body, CLOCK.instant().plusSeconds(301)), body);
    String t = good.substring(2, good.indexOf(','));
    Reply wrongKey = webhook("t=" + t + ",v1=" + "ab".repeat(32), body);
    Reply unsigned = webhook(null, body);

    for (Reply refused : java.util.List.of(altered, stale, future, wrongKey, unsigned)) {
      assertThat(refused.status()).isEqualTo(400);
      assertThat(refused.json().path("code").asText()).isEqualTo("bad_signature");
    }
    assertThat(status(member, bookingId)).isEqualTo("PENDING_PAY");
    assertThat(events(bookingId)).isEqualTo(eventsBefore);
    assertThat(financeExceptions()).isEqualTo(exceptionsBefore);

    assertThat(webhook(good, body).status()).isEqualTo(200);
    int eventsAfter = events(bookingId);
    assertThat(webhook(good, body).status()).isEqualTo(200);

    assertThat(status(member, bookingId)).isEqualTo("PAID");
    assertThat(events(bookingId)).isEqualTo(eventsAfter);
  }

  @Test
  void aLostEventIsFoundByPaymentsReconcileAndTheLateEventThenChangesNothing() throws Exception {
    String member = token("st-lost", "customer");
    String bookingId = hold(member);
    String[] p = pay(member, bookingId);
    call("POST", "/_local/stripe/payment_intents/" + p[1] + "/succeed", null, "{\"notify\":false}");
    CLOCK.advance(java.time.Duration.ofMinutes(4));

    JsonNode report = call("POST", "/_local/schedules/payments-reconcile/run", null, null).json();
    int eventsAfter = events(bookingId);
    String body = fake().eventBodyFor(p[1], "payment_intent.succeeded").orElseThrow();
    Reply late = webhook(fake().signatureAt(body, CLOCK.instant()), body);

    assertThat(report.path("changed").asInt()).isGreaterThanOrEqualTo(1);
    assertThat(status(token("st-lost", "customer"), bookingId)).isEqualTo("PAID");
    assertThat(late.status()).isEqualTo(200);
    assertThat(events(bookingId)).isEqualTo(eventsAfter);
  }

  @Test
  void aLapsedHoldCancelsItsIntent() throws Exception {
    String member = token("st-lapsed", "customer");
    String bookingId = hold(member);
    String[] p = pay(member, bookingId);
    CLOCK.advance(java.time.Duration.ofMinutes(16));
    call("POST", "/_local/schedules/sweep-holds/run", null, null);

    call("POST", "/_local/schedules/payments-reconcile/run", null, null);

    assertThat(fake().intentStatus(p[1])).contains("canceled");
    assertThat(paymentStatus(bookingId)).isEqualTo("FAILED");
  }

  @Test
  void aRefundIsAskedForOnceAndFinishedByItsEvent() throws Exception {
    String member = token("st-refund", "customer");
    String bookingId = hold(member);
    String[] p = pay(member, bookingId);
    call("POST", "/_local/stripe/payment_intents/" + p[1] + "/succeed", null, "{}");
    assertThat(call("POST", "/bookings/" + bookingId + "/cancel", member, null).status())
        .isEqualTo(200);
    assertThat(paymentStatus(bookingId)).isEqualTo("REFUNDING");
    assertThat(fake().refundsOf(p[1])).isEqualTo(1);
    String refundId =
        fake().refunds().stream()
            .filter(r -> r.path("payment_intent").asText().equals(p[1]))
            .findFirst()
            .orElseThrow()
            .path("id")
            .asText();

    call(
        "POST",
        "/_local/stripe/refunds/" + refundId + "/finish",
        null,
        "{\"status\":\"succeeded\"}");

    assertThat(paymentStatus(bookingId)).isEqualTo("REFUNDED");
    assertThat(fake().refundsOf(p[1])).isEqualTo(1);
  }
}
