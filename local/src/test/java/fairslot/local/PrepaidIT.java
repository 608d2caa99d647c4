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
 * Shanghai's prepaid rules on the local runtime (API.md v1.3 "Prepaid rules", CN-SH-2025): a venue
 * that names them refuses plans no member could buy, and holds each member's stored value, packs
 * and all prepaid value within the limits however many of their purchases race.
 */
class PrepaidIT {
  private static final MovableClock CLOCK = new MovableClock(Instant.now());
  private static LocalRuntime runtime;
  private static LocalClient api;
  private static String venueId;
  private static String admin;

  @BeforeAll
  static void start() throws Exception {
    runtime = LocalClient.startOn("prepaid-it", CLOCK);
    api = new LocalClient(runtime);
    admin = api.token("p-admin", "admin");
    Reply venue =
        api.call(
            "POST",
            "/venues",
            admin,
            "{\"name\":\"Shanghai hall\",\"timeZone\":\"Asia/Shanghai\","
                + "\"policy\":{\"prepaidRules\":\"CN-SH-2025\"}}");
    assertThat(venue.status()).as(venue.raw()).isEqualTo(201);
    venueId = venue.json().path("venueId").asText();
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  private static Reply walletPlan(long payMinor, String currency) throws Exception {
    return api.call(
        "POST",
        "/venues/" + venueId + "/wallet-plans",
        admin,
        "{\"name\":\"top\",\"payMinor\":"
            + payMinor
            + ",\"bonusMinor\":0,\"currency\":\""
            + currency
            + "\"}");
  }

  private static Reply passPlan(String kind, int credits, String validity, long priceMinor)
      throws Exception {
    return api.call(
        "POST",
        "/venues/" + venueId + "/plans",
        admin,
        "{\"name\":\"plan\",\"kind\":\""
            + kind
            + (kind.equals("PACK") ? "\",\"credits\":" + credits + "," : "\",")
            + "\"validity\":\""
            + validity
            + "\",\"priceMinor\":"
            + priceMinor
            + ",\"currency\":\"CNY\"}");
  }

  private static int listed(String what) throws Exception {
    return api.call("GET", "/venues/" + venueId + "/" + what + "?limit=200", null, null)
        .json()
        .path("items")
        .size();
  }

  private static void succeed(String intent) throws Exception {
    Reply card =
        api.call("POST", "/_local/stripe/payment_intents/" + intent + "/succeed", null, "{}");
    assertThat(card.status()).as(card.raw()).isEqualTo(200);
  }

  /** A top-up of {@code planId} bought and paid with the Stripe fake. */
  private static void toppedUp(String member, String planId) throws Exception {
    Reply bought =
        api.call("POST", "/wallet-plans/" + planId + "/buy", member, "{\"provider\":\"stripe\"}");
    assertThat(bought.status()).as(bought.raw()).isEqualTo(201);
    succeed(bought.json().path("payment").path("client").path("paymentIntentId").asText());
  }

  private static String pass(String member, String planId) throws Exception {
    Reply pass = api.call("POST", "/me/passes", member, "{\"planId\":\"" + planId + "\"}");
    assertThat(pass.status()).as(pass.raw()).isEqualTo(201);
    return pass.json().path("passId").asText();
  }

  private static Reply pay(String member, String passId, String provider) throws Exception {
    return api.call(
        "POST", "/passes/" + passId + "/pay", member, "{\"provider\":\"" + provider + "\"}");
  }

  @Test
  void theVenueKeepsItsRulesAndPlansNoMemberCouldBuyWriteNothing() throws Exception {
    JsonNode policy = api.call("GET", "/venues/" + venueId, null, null).json().path("policy");
    assertThat(policy.path("prepaidRules").asText()).isEqualTo("CN-SH-2025");
    int walletPlans = listed("wallet-plans");
    int passPlans = listed("plans");

    List<Reply> refused =
        List.of(
            walletPlan(500_001, "CNY"),
            walletPlan(10_000, "USD"),
            passPlan("PACK", 61, "P90D", 100_000),
            passPlan("PACK", 10, "P90D", 2_000_001),
            passPlan("MEMBERSHIP", 0, "P800D", 100_000),
            passPlan("MEMBERSHIP", 0, "P365D", 500_001));
    Reply unknownRules =
        api.call(
            "PATCH", "/venues/" + venueId, admin, "{\"policy\":{\"prepaidRules\":\"CN-SH-2026\"}}");

    assertThat(refused)
        .allSatisfy(
            r -> {
              assertThat(r.status()).as(r.raw()).isEqualTo(422);
              assertThat(r.json().path("code").asText()).isEqualTo("prepaid_limit");
            });
    assertThat(unknownRules.status()).as(unknownRules.raw()).isEqualTo(422);
    assertThat(listed("wallet-plans")).isEqualTo(walletPlans);
    assertThat(listed("plans")).isEqualTo(passPlans);
    assertThat(walletPlan(500_000, "CNY").status()).isEqualTo(201);
    assertThat(passPlan("PACK", 60, "P90D", 2_000_000).status()).isEqualTo(201);
    assertThat(passPlan("MEMBERSHIP", 0, "P731D", 500_000).status()).isEqualTo(201);
    assertThat(
            api.call("GET", "/venues/" + venueId, null, null)
                .json()
                .path("policy")
                .path("prepaidRules")
                .asText())
        .isEqualTo("CN-SH-2025");
  }

  @Test
  void thirtyTwoTopUpsOfOneMemberAtOnceHoldAtMostFiveThousandYuan() throws Exception {
    String planId = walletPlan(100_000, "CNY").json().path("planId").asText();
    String member = api.token("p-racer", "customer");
    List<Reply> replies =
        api.race(
            32,
            () ->
                api.call(
                    "POST",
                    "/wallet-plans/" + planId + "/buy",
                    member,
                    "{\"provider\":\"stripe\"}"));

    List<Reply> started = replies.stream().filter(r -> r.status() == 201).toList();
    assertThat(started).hasSize(5);
    assertThat(replies.stream().filter(r -> r.status() != 201))
        .hasSize(27)
        .allSatisfy(
            r -> {
              assertThat(r.status()).as(r.raw()).isEqualTo(422);
              assertThat(r.json().path("code").asText()).isEqualTo("prepaid_limit");
            });
    // one of them paid: the wallet holds it, and the member is still at the limit
    succeed(started.get(0).json().path("payment").path("client").path("paymentIntentId").asText());
    JsonNode wallet = api.call("GET", "/me/wallets", member, null).json().path("items").get(0);
    assertThat(wallet.path("principalMinor").asLong()).isEqualTo(100_000);
    Reply more =
        api.call("POST", "/wallet-plans/" + planId + "/buy", member, "{\"provider\":\"stripe\"}");
    assertThat(more.status()).as(more.raw()).isEqualTo(422);
    assertThat(
            api.call(
                    "POST",
                    "/wallet-plans/" + planId + "/buy",
                    api.token("p-other", "customer"),
                    "{\"provider\":\"stripe\"}")
                .status())
        .isEqualTo(201);
  }

  @Test
  void aPackBeyondTheTotalIsPaidOnlyFromTheWalletWhoseValueItTakesOver() throws Exception {
    String member = api.token("p-total", "customer");
    toppedUp(member, walletPlan(500_000, "CNY").json().path("planId").asText());
    String packPlan = passPlan("PACK", 10, "P90D", 500_000).json().path("planId").asText();
    for (int i = 0; i < 3; i++) { // ¥15,000 of packs and ¥5,000 stored: ¥20,000 held
      String passId = pass(member, packPlan);
      Reply paying = pay(member, passId, "stripe");
      assertThat(paying.status()).as(paying.raw()).isEqualTo(200);
      succeed(paying.json().path("client").path("paymentIntentId").asText());
    }

    String fourth = pass(member, packPlan); // payable from the wallet, so bought
    Reply byCard = pay(member, fourth, "stripe");
    Reply fromWallet = pay(member, fourth, "wallet");

    assertThat(byCard.status()).as(byCard.raw()).isEqualTo(422);
    assertThat(byCard.json().path("code").asText()).isEqualTo("prepaid_limit");
    assertThat(fromWallet.status()).as(fromWallet.raw()).isEqualTo(200);
    JsonNode wallet = api.call("GET", "/me/wallets", member, null).json().path("items").get(0);
    assertThat(wallet.path("principalMinor").asLong()).isZero();
    Reply fifth = api.call("POST", "/me/passes", member, "{\"planId\":\"" + packPlan + "\"}");
    assertThat(fifth.status()).as(fifth.raw()).isEqualTo(422);
    assertThat(fifth.json().path("code").asText()).isEqualTo("prepaid_limit");
  }

  /** A pass of {@code planId} bought and paid with the Stripe fake: [passId, intent]. */
  private static String[] paidPass(String member, String planId) throws Exception {
    String passId = pass(member, planId);
    Reply paying = pay(member, passId, "stripe");
    assertThat(paying.status()).as(paying.raw()).isEqualTo(200);
    String intent = paying.json().path("client").path("paymentIntentId").asText();
    succeed(intent);
    return new String[] {passId, intent};
  }

  private static Reply coolOff(String member, String passId, Map<String, String> headers)
      throws Exception {
    return api.call("POST", "/me/passes/" + passId + "/refund", member, null, headers);
  }

  @Test
  void anUnusedPassIsRefundedInFullWithinSevenDaysOnceAndNotAfter() throws Exception {
    String member = api.token("p-cooling", "customer");
    String planId = passPlan("PACK", 10, "P90D", 30_000).json().path("planId").asText();
    String[] fresh = paidPass(member, planId);
    String[] late = paidPass(member, planId);
    Map<String, String> key = Map.of("Idempotency-Key", "p-cool-1");

    Reply refunded = coolOff(member, fresh[0], key);
    Reply replayed = coolOff(member, fresh[0], key);
    Reply again = coolOff(member, fresh[0], Map.of());
    Reply notTheirs = coolOff(api.token("p-stranger", "customer"), late[0], Map.of());
    CLOCK.advance(Duration.ofDays(7).plusMinutes(1));
    // a token lives less than a week: the member signs in again
    Reply afterSevenDays = coolOff(api.token("p-cooling", "customer"), late[0], Map.of());

    assertThat(refunded.status()).as(refunded.raw()).isEqualTo(200);
    assertThat(refunded.json().path("refund").path("amountMinor").asLong()).isEqualTo(30_000);
    assertThat(replayed.raw()).isEqualTo(refunded.raw());
    assertThat(again.status()).as(again.raw()).isEqualTo(409);
    assertThat(notTheirs.status()).as(notTheirs.raw()).isEqualTo(404);
    assertThat(afterSevenDays.status()).as(afterSevenDays.raw()).isEqualTo(409);
    assertThat(afterSevenDays.json().path("detail").asText()).contains("cooling-off ended");
    assertThat(api.stripeRefunds(fresh[1])).containsExactly(30_000L);
    assertThat(api.stripeRefunds(late[1])).isEmpty();
  }

  @Test
  void aVenueWithoutPrepaidRulesGivesNoCoolingOff() throws Exception {
    String otherVenue =
        api.call(
                "POST", "/venues", admin, "{\"name\":\"Elsewhere\",\"timeZone\":\"Asia/Shanghai\"}")
            .json()
            .path("venueId")
            .asText();
    String planId =
        api.call(
                "POST",
                "/venues/" + otherVenue + "/plans",
                admin,
                "{\"name\":\"Ten\",\"kind\":\"PACK\",\"credits\":10,\"validity\":\"P90D\","
                    + "\"priceMinor\":30000,\"currency\":\"CNY\"}")
            .json()
            .path("planId")
            .asText();
    String member = api.token("p-elsewhere", "customer");
    String[] bought = paidPass(member, planId);

    Reply refused = coolOff(member, bought[0], Map.of());

    assertThat(refused.status()).as(refused.raw()).isEqualTo(409);
    assertThat(refused.json().path("code").asText()).isEqualTo("invalid_transition");
    assertThat(api.stripeRefunds(bought[1])).isEmpty();
  }
}
