package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.local.LocalClient.Reply;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Stored value on the local runtime (API.md v1.3 "One ledger", issue 64's first slice): a venue's
 * plan ("pay 1,000, get 1,100"), a top-up paid with the Stripe fake, the wallet's principal and
 * bonus apart, and the ledger whose entries the balance is the sum of; retries change nothing.
 */
class WalletIT {
  private static LocalRuntime runtime;
  private static LocalClient api;
  private static String venueId;

  @BeforeAll
  static void start() throws Exception {
    runtime = LocalRuntime.start(Settings.forTests("wallet-it"));
    api = new LocalClient(runtime);
    venueId =
        api.call(
                "POST",
                "/venues",
                api.token("w-admin", "admin"),
                "{\"name\":\"Wallet hall\",\"timeZone\":\"Asia/Shanghai\"}")
            .json()
            .path("venueId")
            .asText();
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  private static Reply plan(String body) throws Exception {
    return api.call(
        "POST", "/venues/" + venueId + "/wallet-plans", api.token("w-admin", "admin"), body);
  }

  private static JsonNode wallets(String member) throws Exception {
    return api.call("GET", "/me/wallets", member, null).json().path("items");
  }

  @Test
  void aTopUpPaidWithStripeCreditsPrincipalAndBonusOnceWithOneLedgerEntry() throws Exception {
    Reply plan =
        plan(
            "{\"name\":\"Pay 1000 get 1100\",\"payMinor\":100000,\"bonusMinor\":10000,"
                + "\"currency\":\"CNY\"}");
    assertThat(plan.status()).as(plan.raw()).isEqualTo(201);
    String planId = plan.json().path("planId").asText();
    String member = api.token("w-member-1", "customer");
    Map<String, String> key = Map.of("Idempotency-Key", "w-buy-1");

    Reply bought =
        api.call(
            "POST", "/wallet-plans/" + planId + "/buy", member, "{\"provider\":\"stripe\"}", key);
    Reply again =
        api.call(
            "POST", "/wallet-plans/" + planId + "/buy", member, "{\"provider\":\"stripe\"}", key);
    assertThat(bought.status()).as(bought.raw()).isEqualTo(201);
    assertThat(again.raw()).isEqualTo(bought.raw());
    String intent = bought.json().path("payment").path("client").path("paymentIntentId").asText();
    assertThat(wallets(member)).isEmpty();

    Reply card =
        api.call("POST", "/_local/stripe/payment_intents/" + intent + "/succeed", null, "{}");
    assertThat(card.status()).as(card.raw()).isEqualTo(200);

    JsonNode wallet = wallets(member).get(0);
    assertThat(wallet.path("venueId").asText()).isEqualTo(venueId);
    assertThat(wallet.path("principalMinor").asLong()).isEqualTo(100000);
    assertThat(wallet.path("bonusMinor").asLong()).isEqualTo(10000);
    assertThat(wallet.path("balanceMinor").asLong()).isEqualTo(110000);
    JsonNode ledger =
        api.call("GET", "/me/wallets/" + venueId + "/ledger", member, null).json().path("items");
    assertThat(ledger).hasSize(1);
    assertThat(ledger.get(0).path("kind").asText()).isEqualTo("TOP_UP");
    assertThat(ledger.get(0).path("amountMinor").asLong()).isEqualTo(110000);
    assertThat(wallets(api.token("w-member-2", "customer"))).isEmpty();
    JsonNode listed =
        api.call("GET", "/venues/" + venueId + "/wallet-plans", null, null).json().path("items");
    assertThat(listed).anySatisfy(p -> assertThat(p.path("planId").asText()).isEqualTo(planId));
  }

  @Test
  void amountsOutOfRangeAnUnknownCurrencyOrFieldMakeNoPlan() throws Exception {
    int before =
        api.call("GET", "/venues/" + venueId + "/wallet-plans", null, null)
            .json()
            .path("items")
            .size();

    assertThat(plan("{\"name\":\"x\",\"payMinor\":0,\"currency\":\"CNY\"}").status())
        .isEqualTo(422);
    assertThat(plan("{\"name\":\"x\",\"payMinor\":-1,\"currency\":\"CNY\"}").status())
        .isEqualTo(422);
    assertThat(
            plan("{\"name\":\"x\",\"payMinor\":100,\"bonusMinor\":1001,\"currency\":\"CNY\"}")
                .status())
        .isEqualTo(422);
    assertThat(plan("{\"name\":\"x\",\"payMinor\":100,\"currency\":\"XAU\"}").status())
        .isEqualTo(422);
    assertThat(plan("{\"name\":\"x\",\"payMinor\":100,\"currency\":\"CNY\",\"free\":1}").status())
        .isEqualTo(422);
    assertThat(
            api.call(
                    "POST",
                    "/venues/" + venueId + "/wallet-plans",
                    api.token("w-member-3", "customer"),
                    "{\"name\":\"x\",\"payMinor\":100,\"currency\":\"CNY\"}")
                .status())
        .isEqualTo(403);
    assertThat(
            api.call("GET", "/venues/" + venueId + "/wallet-plans", null, null)
                .json()
                .path("items")
                .size())
        .isEqualTo(before);
  }
}
