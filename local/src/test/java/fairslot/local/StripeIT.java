package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.local.LocalClient.Reply;
import fairslot.local.stripe.FakeStripe;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Stripe end to end on the local runtime and its fake: a PaymentIntent per payment (paying again
 * returns the same one), signed events settle it at the webhook route, forged, altered and stale
 * events are 400 with nothing written, a replay changes nothing, a lost event is found by the
 * payments-reconcile job, and a refund is asked for once and finished by its event.
 */
class StripeIT {
  private static final MovableClock CLOCK = new MovableClock(Instant.now());
  private static LocalRuntime runtime;
  private static LocalClient api;

  @BeforeAll
  static void start() throws Exception {
    runtime = LocalClient.startOn("stripe-it", CLOCK);
    api = new LocalClient(runtime);
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  @AfterEach
  void refundsAsStripeMakesThem() {
    fake().refundsPending(false);
  }

  private static FakeStripe fake() {
    return runtime.stripe();
  }

  private static Reply webhook(String signature, String body) throws Exception {
    return api.call(
        "POST",
        "/payments/stripe/webhook",
        null,
        body,
        signature == null ? Map.of() : Map.of("Stripe-Signature", signature));
  }

  /** Pays with Stripe: the payment number and the intent's id. */
  private static String[] pay(String member, String bookingId) throws Exception {
    Reply paid =
        api.call("POST", "/bookings/" + bookingId + "/pay", member, "{\"provider\":\"stripe\"}");
    assertThat(paid.status()).isEqualTo(200);
    return new String[] {
      paid.json().path("paymentNo").asText(),
      paid.json().path("client").path("paymentIntentId").asText(),
      paid.json().path("client").path("clientSecret").asText()
    };
  }

  @Test
  void aPaymentIntentIsMadeOnceAndItsSucceededEventSettlesTheBooking() throws Exception {
    String member = api.token("st-payer", "customer");
    String bookingId = api.hold(member);

    String[] first = pay(member, bookingId);
    String[] again = pay(member, bookingId);
    Reply card =
        api.call("POST", "/_local/stripe/payment_intents/" + first[1] + "/succeed", null, "{}");

    assertThat(first[1]).startsWith("pi_");
    assertThat(first[2]).startsWith(first[1] + "_secret_");
    assertThat(again).containsExactly(first);
    assertThat(card.status()).isEqualTo(200);
    assertThat(api.status(member, bookingId)).isEqualTo("PAID");
    assertThat(api.paymentStatus(bookingId)).isEqualTo("SUCCEEDED");
    assertThat(fake().events().get(fake().events().size() - 1).get("answered")).isEqualTo(200);
  }

  @Test
  void forgedAlteredAndStaleEventsAre400AndWriteNothingAndAReplayChangesNothing() throws Exception {
    String member = api.token("st-forged", "customer");
    String bookingId = api.hold(member);
    String[] p = pay(member, bookingId);
    api.call(
        "POST", "/_local/stripe/payment_intents/" + p[1] + "/succeed", null, "{\"notify\":false}");
    String body = fake().eventBodyFor(p[1], "payment_intent.succeeded").orElseThrow();
    String good = fake().signatureAt(body, CLOCK.instant());
    int eventsBefore = api.events(bookingId);
    int exceptionsBefore = api.financeExceptions();

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
    assertThat(api.status(member, bookingId)).isEqualTo("PENDING_PAY");
    assertThat(api.events(bookingId)).isEqualTo(eventsBefore);
    assertThat(api.financeExceptions()).isEqualTo(exceptionsBefore);

    assertThat(webhook(good, body).status()).isEqualTo(200);
    int eventsAfter = api.events(bookingId);
    assertThat(webhook(good, body).status()).isEqualTo(200);

    assertThat(api.status(member, bookingId)).isEqualTo("PAID");
    assertThat(api.events(bookingId)).isEqualTo(eventsAfter);
  }

  @Test
  void aLostEventIsFoundByPaymentsReconcileAndTheLateEventThenChangesNothing() throws Exception {
    String member = api.token("st-lost", "customer");
    String bookingId = api.hold(member);
    String[] p = pay(member, bookingId);
    api.call(
        "POST", "/_local/stripe/payment_intents/" + p[1] + "/succeed", null, "{\"notify\":false}");
    CLOCK.advance(java.time.Duration.ofMinutes(4));

    JsonNode report =
        api.call("POST", "/_local/schedules/payments-reconcile/run", null, null).json();
    int eventsAfter = api.events(bookingId);
    String body = fake().eventBodyFor(p[1], "payment_intent.succeeded").orElseThrow();
    Reply late = webhook(fake().signatureAt(body, CLOCK.instant()), body);

    assertThat(report.path("changed").asInt()).isGreaterThanOrEqualTo(1);
    assertThat(api.status(api.token("st-lost", "customer"), bookingId)).isEqualTo("PAID");
    assertThat(late.status()).isEqualTo(200);
    assertThat(api.events(bookingId)).isEqualTo(eventsAfter);
  }

  @Test
  void aDeclinedCardLeavesThePaymentOpenAndTheNextCardPaysTheSameIntent() throws Exception {
    String member = api.token("st-declined", "customer");
    String bookingId = api.hold(member);
    int intentsBefore = fake().intentCount();
    String[] first = pay(member, bookingId);

    Reply declined =
        api.call("POST", "/_local/stripe/payment_intents/" + first[1] + "/fail", null, "{}");
    assertThat(declined.status()).isEqualTo(200);
    JsonNode payment = api.payments(bookingId).path(0);
    assertThat(payment.path("status").asText()).as("a decline is not the end").isEqualTo("PENDING");
    assertThat(payment.path("lastError").path("code").asText()).isEqualTo("card_declined");
    assertThat(api.status(member, bookingId)).isEqualTo("PENDING_PAY");

    String[] again = pay(member, bookingId); // another card: the same intent
    assertThat(again).containsExactly(first);
    assertThat(
            api.call("POST", "/_local/stripe/payment_intents/" + first[1] + "/succeed", null, "{}")
                .status())
        .isEqualTo(200);
    assertThat(api.status(member, bookingId)).isEqualTo("PAID");
    assertThat(api.payments(bookingId)).hasSize(1);
    assertThat(fake().intentCount()).isEqualTo(intentsBefore + 1);
    assertThat(api.payments(bookingId).path(0).path("status").asText()).isEqualTo("SUCCEEDED");
    assertThat(api.payments(bookingId).path(0).path("lastError").isNull()).isTrue();
  }

  /**
   * The requests fairslot sends, as the fake received them (API.md v1.3): each names the pinned
   * Stripe-Version and the key once, and every POST (the cancel too) its Idempotency-Key once.
   */
  @Test
  void everyRequestNamesThePinnedVersionOnceAndEveryPostItsIdempotencyKeyOnce() throws Exception {
    String member = api.token("st-headers", "customer");
    String lapsing = api.hold(member);
    pay(member, lapsing);
    CLOCK.advance(java.time.Duration.ofMinutes(16));
    api.call("POST", "/_local/schedules/sweep-holds/run", null, null);
    api.call("POST", "/_local/schedules/payments-reconcile/run", null, null); // a cancel
    String refunded = api.hold(api.token("st-headers-2", "customer"));
    String[] p = pay(api.token("st-headers-2", "customer"), refunded);
    api.call("POST", "/_local/stripe/payment_intents/" + p[1] + "/succeed", null, "{}");
    api.call(
        "POST", "/bookings/" + refunded + "/cancel", api.token("st-headers-2", "customer"), null);

    JsonNode seen = api.call("GET", "/_local/stripe/requests", null, null).json().path("items");
    List<String> posts = new ArrayList<>();
    for (JsonNode r : seen) {
      String what = r.path("method").asText() + " " + r.path("path").asText();
      JsonNode headers = r.path("headers");
      assertThat(headers.path("Stripe-version")).as(what).hasSize(1);
      assertThat(headers.path("Stripe-version").get(0).asText())
          .as(what)
          .isEqualTo("2026-10-28.endive");
      assertThat(headers.path("Authorization")).as(what).hasSize(1);
      if (r.path("method").asText().equals("POST")) {
        assertThat(headers.path("Idempotency-key")).as(what).hasSize(1);
        assertThat(headers.path("Content-type")).as(what).hasSize(1);
        posts.add(r.path("path").asText().replaceAll("pi_[0-9a-f]+", "pi_*"));
      }
    }
    assertThat(posts)
        .contains("/v1/payment_intents", "/v1/payment_intents/pi_*/cancel", "/v1/refunds");
  }

  @Test
  void aLapsedHoldCancelsItsIntent() throws Exception {
    String member = api.token("st-lapsed", "customer");
    String bookingId = api.hold(member);
    String[] p = pay(member, bookingId);
    CLOCK.advance(java.time.Duration.ofMinutes(16));
    api.call("POST", "/_local/schedules/sweep-holds/run", null, null);

    api.call("POST", "/_local/schedules/payments-reconcile/run", null, null);

    assertThat(fake().intentStatus(p[1])).contains("canceled");
    assertThat(api.paymentStatus(bookingId)).isEqualTo("FAILED");
  }

  @Test
  void aRefundIsAskedForOnceAndFinishedByItsEvent() throws Exception {
    fake().refundsPending(true); // a refund Stripe has not finished yet
    String member = api.token("st-refund", "customer");
    String bookingId = api.hold(member);
    String[] p = pay(member, bookingId);
    api.call("POST", "/_local/stripe/payment_intents/" + p[1] + "/succeed", null, "{}");
    assertThat(api.call("POST", "/bookings/" + bookingId + "/cancel", member, null).status())
        .isEqualTo(200);
    assertThat(api.paymentStatus(bookingId)).isEqualTo("REFUNDING");
    assertThat(fake().refundsOf(p[1])).isEqualTo(1);
    String refundId =
        fake().refunds().stream()
            .filter(r -> r.path("payment_intent").asText().equals(p[1]))
            .findFirst()
            .orElseThrow()
            .path("id")
            .asText();

    api.call(
        "POST",
        "/_local/stripe/refunds/" + refundId + "/finish",
        null,
        "{\"status\":\"succeeded\"}");

    assertThat(api.paymentStatus(bookingId)).isEqualTo("REFUNDED");
    assertThat(fake().refundsOf(p[1])).isEqualTo(1);
  }

  @Test
  void aCardRefundSucceededAtCreationIsAppliedAtOnceAndItsEventThenChangesNothing()
      throws Exception {
    String member = api.token("st-refund-now", "customer");
    String bookingId = api.hold(member);
    String[] p = pay(member, bookingId);
    api.call("POST", "/_local/stripe/payment_intents/" + p[1] + "/succeed", null, "{}");

    assertThat(api.call("POST", "/bookings/" + bookingId + "/cancel", member, null).status())
        .isEqualTo(200);

    assertThat(api.paymentStatus(bookingId)).as("from the create response").isEqualTo("REFUNDED");
    assertThat(fake().refundsOf(p[1])).isEqualTo(1);
    var created =
        fake().events().stream().filter(e -> "refund.created".equals(e.get("type"))).toList();
    assertThat(created).isNotEmpty();
    var last = created.get(created.size() - 1);
    @SuppressWarnings("unchecked")
    Map<String, String> headers = (Map<String, String>) last.get("headers");
    Reply again = webhook(headers.get("Stripe-Signature"), String.valueOf(last.get("body")));
    assertThat(again.status()).isEqualTo(200);
    assertThat(api.paymentStatus(bookingId)).isEqualTo("REFUNDED");
    assertThat(fake().refundsOf(p[1])).as("never asked twice").isEqualTo(1);
    assertThat(api.status(member, bookingId)).isEqualTo("REFUNDED");
  }

  @Test
  void aFailedRefundIsAskedForAgainAsANewRefundOnceAndNeverAThirdTime() throws Exception {
    fake().refundsPending(true); // a refund Stripe has not finished yet
    String member = api.token("st-refund-failed", "customer");
    String bookingId = api.hold(member);
    String[] p = pay(member, bookingId);
    api.call("POST", "/_local/stripe/payment_intents/" + p[1] + "/succeed", null, "{}");
    api.call("POST", "/bookings/" + bookingId + "/cancel", member, null);
    String first = refundsOf(p[1]).get(0);
    api.call(
        "POST", "/_local/stripe/refunds/" + first + "/finish", null, "{\"status\":\"failed\"}");
    assertThat(api.paymentStatus(bookingId)).isEqualTo("REFUNDING"); // failed once: ask again
    CLOCK.advance(java.time.Duration.ofMinutes(3));

    api.run("refund-retry");
    CLOCK.advance(java.time.Duration.ofMinutes(61));
    api.run("refund-retry"); // the second refund is pending: not asked for again

    java.util.List<String> asked = refundsOf(p[1]);
    assertThat(asked).hasSize(2).startsWith(first);
    api.call(
        "POST",
        "/_local/stripe/refunds/" + asked.get(1) + "/finish",
        null,
        "{\"status\":\"succeeded\"}");
    assertThat(api.paymentStatus(bookingId)).isEqualTo("REFUNDED");
    assertThat(fake().refundsOf(p[1])).isEqualTo(2);
  }

  /** The intent's refunds at Stripe, oldest first. */
  private static java.util.List<String> refundsOf(String intent) {
    return fake().refunds().stream()
        .filter(r -> r.path("payment_intent").asText().equals(intent))
        .sorted(java.util.Comparator.comparingLong(r -> r.path("created").asLong()))
        .map(r -> r.path("id").asText())
        .toList();
  }

  @Test
  void aBalanceWithOneUnknownChargeAndOneDifferentAmountGivesExactlyTwoExceptionsOnce()
      throws Exception {
    String member = api.token("st-bill", "customer");
    String[] first = pay(member, api.hold(member));
    api.call("POST", "/_local/stripe/payment_intents/" + first[1] + "/succeed", null, "{}");
    String[] second = pay(member, api.hold(member));
    api.call("POST", "/_local/stripe/payment_intents/" + second[1] + "/succeed", null, "{}");
    fake().balance().misstate(second[1], 8700);
    fake().balance().unknownCharge(1200, "cny");
    java.time.LocalDate day =
        java.time.LocalDate.ofInstant(CLOCK.instant(), java.time.ZoneOffset.UTC);
    int before = api.financeExceptions();
    String body = "{\"provider\":\"stripe\",\"date\":\"" + day + "\"}";

    Reply run =
        api.call("POST", "/finance/statements:reconcile", api.token("st-fin", "finance"), body);
    Reply again =
        api.call("POST", "/finance/statements:reconcile", api.token("st-fin", "finance"), body);

    assertThat(run.status()).isEqualTo(200);
    assertThat(run.json().path("exceptions").asInt()).isEqualTo(2);
    assertThat(run.json().path("matched").asInt()).isEqualTo(run.json().path("lines").asInt() - 2);
    assertThat(again.json().path("exceptions").asInt()).isZero();
    assertThat(api.financeExceptions()).isEqualTo(before + 2);
    java.util.List<String> mismatched = new java.util.ArrayList<>();
    for (JsonNode e : api.financeExceptionItems()) {
      if (e.path("kind").asText().equals("STATEMENT_MISMATCH")) {
        mismatched.add(e.path("paymentNo").asText() + "=" + e.path("amountMinor").asLong());
      }
    }
    assertThat(mismatched).hasSize(2).contains(second[0] + "=8700");
    assertThat(mismatched).anyMatch(m -> m.startsWith("pi_unknown_") && m.endsWith("=1200"));
  }
}
