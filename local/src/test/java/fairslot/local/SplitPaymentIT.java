package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.handler.Wiring;
import fairslot.local.LocalClient.Reply;
import fairslot.messaging.payments.WebhookSignature;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A booking paid by the wallet and a provider for the rest (API.md v1.3 "One ledger", {@code rest})
 * through the handlers on the local runtime: the wallet part is taken once however many checkouts
 * race, it is kept when the rest pays, and it comes back exactly once when the rest fails while the
 * member cancels, or while the hold's sweep runs, 32 clients at once; a paid split booking's refund
 * goes back to the card and the wallet in proportion.
 */
class SplitPaymentIT {
  private static final MovableClock CLOCK = new MovableClock(Instant.now());
  private static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");
  private static final AtomicInteger HOUR = new AtomicInteger(6);

  private static LocalRuntime runtime;
  private static LocalClient api;
  private static String admin;
  private static String venueId;
  private static String resourceId;

  @BeforeAll
  static void start() throws Exception {
    runtime = LocalClient.startOn("split-it", CLOCK);
    api = new LocalClient(runtime);
    admin = api.token("s-admin", "admin");
    venueId =
        api.call(
                "POST",
                "/venues",
                admin,
                "{\"name\":\"Split hall\",\"timeZone\":\"Asia/Shanghai\"}")
            .json()
            .path("venueId")
            .asText();
    resourceId =
        api.call(
                "POST",
                "/venues/" + venueId + "/resources",
                admin,
                "{\"name\":\"Court\",\"kind\":\"SEATS\",\"capacity\":40}")
            .json()
            .path("resourceId")
            .asText();
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  /** A member with 3,000 in the wallet (2,000 paid in, 1,000 bonus) holding a seat of 5,000. */
  private static String[] memberHolding(String name) throws Exception {
    String member = api.token(name, "customer");
    String planId =
        api.call(
                "POST",
                "/venues/" + venueId + "/wallet-plans",
                admin,
                "{\"name\":\"top\",\"payMinor\":2000,\"bonusMinor\":1000,\"currency\":\"CNY\"}")
            .json()
            .path("planId")
            .asText();
    Reply bought =
        api.call("POST", "/wallet-plans/" + planId + "/buy", member, "{\"provider\":\"stripe\"}");
    String intent = bought.json().path("payment").path("client").path("paymentIntentId").asText();
    Reply paid =
        api.call("POST", "/_local/stripe/payment_intents/" + intent + "/succeed", null, "{}");
    assertThat(paid.status()).as(paid.raw()).isEqualTo(200);
    LocalDate day = LocalDate.now(CLOCK.withZone(ZONE)).plusDays(2);
    int h = HOUR.getAndIncrement();
    String slotId =
        api.call(
                "POST",
                "/slots",
                admin,
                String.format(
                    "{\"resourceId\":\"%s\",\"start\":\"%sT%02d:00:00\",\"end\":\"%sT%02d:30:00\","
                        + "\"priceMinor\":5000,\"currency\":\"CNY\"}",
                    resourceId, day, h, day, h))
            .json()
            .path("slotId")
            .asText();
    Reply held =
        api.call("POST", "/bookings", member, "{\"slotId\":\"" + slotId + "\",\"quantity\":1}");
    assertThat(held.status()).as(held.raw()).isEqualTo(201);
    return new String[] {member, held.json().path("bookingId").asText()};
  }

  private static Reply split(String member, String bookingId, String rest) throws Exception {
    return api.call(
        "POST",
        "/bookings/" + bookingId + "/pay",
        member,
        "{\"provider\":\"wallet\",\"rest\":\"" + rest + "\"}");
  }

  private static JsonNode wallet(String member) throws Exception {
    return api.call("GET", "/me/wallets", member, null).json().path("items").get(0);
  }

  /** The member's ledger: [sum of entries, REFUND entries, SPEND entries]. */
  private static long[] ledger(String member) throws Exception {
    long sum = 0;
    long refunds = 0;
    long spends = 0;
    for (JsonNode e :
        api.call("GET", "/me/wallets/" + venueId + "/ledger?limit=200", member, null)
            .json()
            .path("items")) {
      sum += e.path("amountMinor").asLong();
      refunds += e.path("kind").asText().equals("REFUND") ? 1 : 0;
      spends += e.path("kind").asText().equals("SPEND") ? 1 : 0;
    }
    return new long[] {sum, refunds, spends};
  }

  /** The local provider's signed FAILED report of the rest's payment, as event {@code eventId}. */
  private static Reply failed(String paymentNo, String bookingId, String eventId) throws Exception {
    String body =
        "{\"eventId\":\""
            + eventId
            + "\",\"paymentNo\":\""
            + paymentNo
            + "\",\"bookingId\":\""
            + bookingId
            + "\",\"amountMinor\":2000,\"currency\":\"CNY\",\"status\":\"FAILED\"}";
    long now = CLOCK.instant().getEpochSecond();
    return api.call(
        "POST",
        "/payments/callback",
        null,
        body,
        Map.of(
            WebhookSignature.TIMESTAMP_HEADER,
            Long.toString(now),
            WebhookSignature.SIGNATURE_HEADER,
            new WebhookSignature(Wiring.DEFAULT_PAYMENT_SECRET).sign(now, body)));
  }

  private static void assertGivenBackOnce(String member, List<Reply> replies) throws Exception {
    assertThat(replies).allSatisfy(r -> assertThat(r.status()).as(r.raw()).isLessThan(500));
    JsonNode w = wallet(member);
    assertThat(w.path("principalMinor").asLong()).isEqualTo(2000);
    assertThat(w.path("bonusMinor").asLong()).isEqualTo(1000);
    long[] entries = ledger(member);
    assertThat(entries[0]).as("the balance is the sum of its entries").isEqualTo(3000);
    assertThat(entries[1]).as("the wallet part came back exactly once").isEqualTo(1);
    assertThat(entries[2]).isEqualTo(1);
  }

  @Test
  void thirtyTwoCheckoutsOfOneHoldStartOneRestAndTakeTheWalletPartOnce() throws Exception {
    String[] held = memberHolding("s-racer");

    List<Reply> replies = api.race(32, () -> split(held[0], held[1], "local"));

    assertThat(replies).allSatisfy(r -> assertThat(r.status()).as(r.raw()).isEqualTo(200));
    assertThat(replies.stream().map(r -> r.json().path("paymentNo").asText()).distinct())
        .hasSize(1);
    Reply first = replies.get(0);
    assertThat(first.json().path("amountMinor").asLong()).isEqualTo(2000);
    assertThat(first.json().path("walletPart").path("amountMinor").asLong()).isEqualTo(3000);
    assertThat(wallet(held[0]).path("balanceMinor").asLong()).isZero();
    long[] entries = ledger(held[0]);
    assertThat(entries[0]).isZero();
    assertThat(entries[2]).as("one wallet part taken").isEqualTo(1);
  }

  @Test
  void theRestFailingWhileTheMemberCancelsGivesThePartBackOnce() throws Exception {
    String[] held = memberHolding("s-cancel");
    String paymentNo = split(held[0], held[1], "local").json().path("paymentNo").asText();
    AtomicInteger n = new AtomicInteger();

    List<Reply> replies =
        api.race(
            32,
            () ->
                n.getAndIncrement() % 2 == 0
                    ? failed(paymentNo, held[1], "fail-" + paymentNo + "-" + n.get())
                    : api.call("POST", "/bookings/" + held[1] + "/cancel", held[0], null));

    assertGivenBackOnce(held[0], replies);
    assertThat(api.status(held[0], held[1])).isEqualTo("CANCELLED");
  }

  @Test
  void theRestFailingWhileTheHoldsSweepRunsGivesThePartBackOnce() throws Exception {
    String[] held = memberHolding("s-sweep");
    Reply started = split(held[0], held[1], "local");
    String paymentNo = started.json().path("paymentNo").asText();
    CLOCK.advance(Duration.ofHours(1));
    AtomicInteger n = new AtomicInteger();

    List<Reply> replies =
        api.race(
            32,
            () ->
                n.getAndIncrement() % 2 == 0
                    ? failed(paymentNo, held[1], "fail-" + paymentNo + "-" + n.get())
                    : api.call("POST", "/_local/schedules/sweep-holds/run", null, null));

    // a token minted before the clock moved still lives (tokens last longer than an hour)
    assertGivenBackOnce(held[0], replies);
    assertThat(api.status(held[0], held[1])).isEqualTo("EXPIRED");
    JsonNode payments = api.payments(held[1]);
    assertThat(payments)
        .extracting(p -> p.path("status").asText())
        .containsExactlyInAnyOrder("FAILED", "REFUNDED");
  }

  @Test
  void aPaidSplitBookingCancelledInTimeRefundsTheCardAndTheWalletInProportion() throws Exception {
    String[] held = memberHolding("s-paid");
    Reply started = split(held[0], held[1], "stripe");
    assertThat(started.status()).as(started.raw()).isEqualTo(200);
    String intent = started.json().path("client").path("paymentIntentId").asText();
    api.call("POST", "/_local/stripe/payment_intents/" + intent + "/succeed", null, "{}");
    assertThat(api.status(held[0], held[1])).isEqualTo("PAID");
    assertThat(wallet(held[0]).path("balanceMinor").asLong()).isZero();

    Reply cancelled = api.call("POST", "/bookings/" + held[1] + "/cancel", held[0], null);
    assertThat(cancelled.status()).as(cancelled.raw()).isEqualTo(200);
    long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
    while (wallet(held[0]).path("balanceMinor").asLong() != 3000 && System.nanoTime() < deadline) {
      api.run("refund-retry");
      Thread.sleep(200);
    }

    JsonNode w = wallet(held[0]);
    assertThat(w.path("principalMinor").asLong()).isEqualTo(2000);
    assertThat(w.path("bonusMinor").asLong()).isEqualTo(1000);
    assertThat(api.stripeRefunds(intent)).containsExactly(2000L);
    long[] entries = ledger(held[0]);
    assertThat(entries[0]).isEqualTo(3000);
    assertThat(entries[1]).isEqualTo(1);
  }

  @Test
  void restIsOnlyForAWalletPaymentAndNamesAnotherProvider() throws Exception {
    String[] held = memberHolding("s-bad");
    for (String body :
        List.of(
            "{\"provider\":\"stripe\",\"rest\":\"local\"}",
            "{\"rest\":\"local\"}",
            "{\"provider\":\"wallet\",\"rest\":\"wallet\"}",
            "{\"provider\":\"wallet\",\"rest\":\"Not A Provider\"}",
            "{\"provider\":\"wallet\",\"rest\":7}")) {
      Reply r = api.call("POST", "/bookings/" + held[1] + "/pay", held[0], body);
      assertThat(r.status()).as(body + " " + r.raw()).isEqualTo(422);
    }
    Reply unknown = split(held[0], held[1], "paypal");
    assertThat(unknown.status()).as(unknown.raw()).isEqualTo(409);
    assertThat(unknown.json().path("code").asText()).isEqualTo("provider_unavailable");
    assertThat(wallet(held[0]).path("balanceMinor").asLong()).isEqualTo(3000);
    assertThat(api.status(held[0], held[1])).isEqualTo("PENDING_PAY");
  }
}
