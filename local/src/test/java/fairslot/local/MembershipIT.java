package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.local.LocalClient.Reply;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Memberships through the handlers on the local runtime (API.md v1.3 "Memberships"): a plan, a
 * subscription paid by card or from the wallet, the renew-memberships job run by 32 clients at once
 * at a period's end charging the period once, PAST_DUE retries then EXPIRED, and a cancel that ends
 * it at the period's end. The runtime's clock is moved by the test.
 */
class MembershipIT {
  private static final MovableClock CLOCK = new MovableClock(Instant.now());

  private static LocalRuntime runtime;
  private static LocalClient api;
  private static String venueId;

  @BeforeAll
  static void start() throws Exception {
    runtime = LocalClient.startOn("membership-it", CLOCK);
    api = new LocalClient(runtime);
    venueId =
        api.call(
                "POST",
                "/venues",
                admin(),
                "{\"name\":\"Member club\",\"timeZone\":\"Asia/Shanghai\"}")
            .json()
            .path("venueId")
            .asText();
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  /** A token minted now (the clock moves by months: earlier tokens expire). */
  private static String admin() throws Exception {
    return api.token("m-admin", "admin");
  }

  private static String member(String name) throws Exception {
    return api.token(name, "customer");
  }

  private static String plan(long priceMinor) throws Exception {
    Reply made =
        api.call(
            "POST",
            "/venues/" + venueId + "/membership-plans",
            admin(),
            "{\"name\":\"Monthly\",\"priceMinor\":"
                + priceMinor
                + ",\"currency\":\"CNY\",\"period\":\"P1M\",\"benefits\":{\"percentOff\":10}}");
    assertThat(made.status()).as(made.raw()).isEqualTo(201);
    return made.json().path("planId").asText();
  }

  private static void toppedUp(String name, long pay) throws Exception {
    String planId =
        api.call(
                "POST",
                "/venues/" + venueId + "/wallet-plans",
                admin(),
                "{\"name\":\"top\",\"payMinor\":" + pay + ",\"bonusMinor\":0,\"currency\":\"CNY\"}")
            .json()
            .path("planId")
            .asText();
    Reply bought =
        api.call(
            "POST", "/wallet-plans/" + planId + "/buy", member(name), "{\"provider\":\"stripe\"}");
    String intent = bought.json().path("payment").path("client").path("paymentIntentId").asText();
    api.call("POST", "/_local/stripe/payment_intents/" + intent + "/succeed", null, "{}");
  }

  private static JsonNode membership(String name, String membershipId) throws Exception {
    for (JsonNode m : api.call("GET", "/me/memberships", member(name), null).json().path("items")) {
      if (m.path("membershipId").asText().equals(membershipId)) {
        return m;
      }
    }
    throw new AssertionError("no membership " + membershipId);
  }

  private static long balance(String name) throws Exception {
    return api.call("GET", "/me/wallets", member(name), null)
        .json()
        .path("items")
        .get(0)
        .path("balanceMinor")
        .asLong();
  }

  private static long spends(String name) throws Exception {
    long n = 0;
    for (JsonNode e :
        api.call("GET", "/me/wallets/" + venueId + "/ledger?limit=200", member(name), null)
            .json()
            .path("items")) {
      n += e.path("kind").asText().equals("SPEND") ? 1 : 0;
    }
    return n;
  }

  @Test
  void aSubscriptionPaidByCardIsActiveForAMonthAndAKeyedRetryReplays() throws Exception {
    String planId = plan(30000);
    Map<String, String> key = Map.of("Idempotency-Key", "m-sub-1");

    Reply subscribed =
        api.call(
            "POST",
            "/membership-plans/" + planId + "/subscribe",
            member("m-card"),
            "{\"provider\":\"stripe\"}",
            key);
    Reply again =
        api.call(
            "POST",
            "/membership-plans/" + planId + "/subscribe",
            member("m-card"),
            "{\"provider\":\"stripe\"}",
            key);

    assertThat(subscribed.status()).as(subscribed.raw()).isEqualTo(201);
    assertThat(again.raw()).isEqualTo(subscribed.raw());
    assertThat(subscribed.json().path("status").asText()).isEqualTo("PENDING_PAY");
    String id = subscribed.json().path("membershipId").asText();
    String intent =
        subscribed.json().path("payment").path("client").path("paymentIntentId").asText();
    api.call("POST", "/_local/stripe/payment_intents/" + intent + "/succeed", null, "{}");

    JsonNode active = membership("m-card", id);
    assertThat(active.path("status").asText()).isEqualTo("ACTIVE");
    Instant start = Instant.parse(active.path("currentPeriodStart").asText());
    Instant end = Instant.parse(active.path("currentPeriodEnd").asText());
    assertThat(Duration.between(start, end).toDays()).isBetween(28L, 31L);
    assertThat(api.call("GET", "/me/memberships", member("m-other"), null).json().path("items"))
        .isEmpty();
  }

  @Test
  void thirtyTwoRenewalRunsAtThePeriodsEndChargeTheWalletOnce() throws Exception {
    toppedUp("m-wallet", 100000);
    String planId = plan(30000);
    Reply subscribed =
        api.call(
            "POST",
            "/membership-plans/" + planId + "/subscribe",
            member("m-wallet"),
            "{\"provider\":\"wallet\"}");
    assertThat(subscribed.status()).as(subscribed.raw()).isEqualTo(201);
    assertThat(subscribed.json().path("status").asText()).isEqualTo("ACTIVE");
    String id = subscribed.json().path("membershipId").asText();
    Instant end = Instant.parse(subscribed.json().path("currentPeriodEnd").asText());
    assertThat(balance("m-wallet")).isEqualTo(70000);

    CLOCK.advance(Duration.between(CLOCK.instant(), end).plusMinutes(1));
    List<Reply> runs =
        api.race(32, () -> api.call("POST", "/_local/schedules/renew-memberships/run", null, null));

    assertThat(runs).allSatisfy(r -> assertThat(r.status()).as(r.raw()).isLessThan(500));
    JsonNode renewed = membership("m-wallet", id);
    assertThat(renewed.path("status").asText()).isEqualTo("ACTIVE");
    assertThat(Instant.parse(renewed.path("currentPeriodStart").asText())).isEqualTo(end);
    assertThat(balance("m-wallet")).isEqualTo(40000);
    assertThat(spends("m-wallet")).as("one charge per period").isEqualTo(2);
  }

  @Test
  void aRenewalNothingPaysIsPastDueThenExpiredAfterItsRetries() throws Exception {
    toppedUp("m-poor", 30000);
    String planId = plan(30000);
    String id =
        api.call(
                "POST",
                "/membership-plans/" + planId + "/subscribe",
                member("m-poor"),
                "{\"provider\":\"wallet\"}")
            .json()
            .path("membershipId")
            .asText();
    Instant end = Instant.parse(membership("m-poor", id).path("currentPeriodEnd").asText());

    CLOCK.advance(Duration.between(CLOCK.instant(), end).plusMinutes(1));
    api.run("renew-memberships");
    assertThat(membership("m-poor", id).path("status").asText()).isEqualTo("PAST_DUE");
    for (int days : new int[] {1, 3, 5}) {
      CLOCK.advance(
          Duration.between(CLOCK.instant(), end.plus(Duration.ofDays(days))).plusMinutes(1));
      api.run("renew-memberships");
    }

    assertThat(membership("m-poor", id).path("status").asText()).isEqualTo("EXPIRED");
    assertThat(balance("m-poor")).isZero();
  }

  @Test
  void aCancelledMembershipKeepsItsPeriodAndEndsCancelledThere() throws Exception {
    toppedUp("m-quit", 100000);
    String planId = plan(30000);
    String id =
        api.call(
                "POST",
                "/membership-plans/" + planId + "/subscribe",
                member("m-quit"),
                "{\"provider\":\"wallet\"}")
            .json()
            .path("membershipId")
            .asText();

    Reply cancelled = api.call("POST", "/me/memberships/" + id + "/cancel", member("m-quit"), null);
    Reply someoneElse =
        api.call("POST", "/me/memberships/" + id + "/cancel", member("m-stranger"), null);

    assertThat(cancelled.status()).as(cancelled.raw()).isEqualTo(200);
    assertThat(cancelled.json().path("status").asText()).isEqualTo("ACTIVE");
    assertThat(cancelled.json().path("cancelAtPeriodEnd").asBoolean()).isTrue();
    assertThat(someoneElse.status()).isEqualTo(404);
    Instant end = Instant.parse(cancelled.json().path("currentPeriodEnd").asText());
    CLOCK.advance(Duration.between(CLOCK.instant(), end).plusMinutes(1));
    api.run("renew-memberships");
    assertThat(membership("m-quit", id).path("status").asText()).isEqualTo("CANCELLED");
    assertThat(balance("m-quit")).isEqualTo(70000);
  }

  @Test
  void plansOutOfRangeOrByANonAdminWriteNothing() throws Exception {
    int before =
        api.call("GET", "/venues/" + venueId + "/membership-plans", null, null)
            .json()
            .path("items")
            .size();
    for (String body :
        List.of(
            "{\"name\":\"x\",\"priceMinor\":0,\"currency\":\"CNY\",\"period\":\"P1M\"}",
            "{\"name\":\"x\",\"priceMinor\":100,\"currency\":\"CNY\",\"period\":\"P2M\"}",
            "{\"name\":\"x\",\"priceMinor\":100,\"currency\":\"CNY\",\"period\":\"P1M\","
                + "\"benefits\":{\"bookingWindowDays\":0}}")) {
      Reply r = api.call("POST", "/venues/" + venueId + "/membership-plans", admin(), body);
      assertThat(r.status()).as(body + " " + r.raw()).isEqualTo(422);
    }
    Reply member =
        api.call(
            "POST",
            "/venues/" + venueId + "/membership-plans",
            member("m-nosy"),
            "{\"name\":\"x\",\"priceMinor\":100,\"currency\":\"CNY\",\"period\":\"P1M\"}");
    assertThat(member.status()).isEqualTo(403);
    assertThat(
            api.call("GET", "/venues/" + venueId + "/membership-plans", null, null)
                .json()
                .path("items")
                .size())
        .isEqualTo(before);
  }
}
