package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.local.LocalClient.Reply;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
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

  /** A paid top-up of {@code pay} + {@code bonus} for {@code member}, with the Stripe fake. */
  private static void toppedUp(String member, long pay, long bonus) throws Exception {
    stripeTopUp(member, pay, bonus);
  }

  /** The same, answering the Stripe intent that paid it. */
  private static String stripeTopUp(String member, long pay, long bonus) throws Exception {
    String planId =
        plan("{\"name\":\"top\",\"payMinor\":"
                + pay
                + ",\"bonusMinor\":"
                + bonus
                + ",\"currency\":\"CNY\"}")
            .json()
            .path("planId")
            .asText();
    Reply bought =
        api.call("POST", "/wallet-plans/" + planId + "/buy", member, "{\"provider\":\"stripe\"}");
    String intent = bought.json().path("payment").path("client").path("paymentIntentId").asText();
    api.call("POST", "/_local/stripe/payment_intents/" + intent + "/succeed", null, "{}");
    return intent;
  }

  /**
   * Every one of {@code paths} paid from {@code member}'s wallet at once, one thread each: how many
   * were paid (the rest refused for the balance, or told to try again).
   */
  private static int payAllFromTheWallet(String member, List<String> paths) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(paths.size());
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Reply>> answers = new ArrayList<>();
    for (String path : paths) {
      answers.add(
          pool.submit(
              () -> {
                go.await();
                return api.call("POST", path, member, "{\"provider\":\"wallet\"}");
              }));
    }
    go.countDown();
    int paid = 0;
    for (var f : answers) {
      Reply r = f.get(3, TimeUnit.MINUTES);
      assertThat(r.status()).as(r.raw()).isIn(200, 409, 503);
      if (r.status() == 409) {
        assertThat(r.json().path("code").asText()).isEqualTo("insufficient_balance");
      }
      paid += r.status() == 200 ? 1 : 0;
    }
    pool.shutdown();
    return paid;
  }

  /** The venue's liabilities at the end of today (finance). */
  private static JsonNode liabilities() throws Exception {
    String today = LocalDate.now(ZoneId.of("Asia/Shanghai")).toString();
    Reply r =
        api.call(
            "GET",
            "/reports/liabilities?venueId=" + venueId + "&date=" + today,
            api.token("w-finance", "finance"),
            null);
    assertThat(r.status()).as(r.raw()).isEqualTo(200);
    return r.json();
  }

  @Test
  void aClosedWalletRefundsItsPrincipalToTheNewestTopUpsFirstAndForfeitsTheBonus()
      throws Exception {
    String member = api.token("w-closer", "customer");
    String older = stripeTopUp(member, 10000, 1000);
    String newer = stripeTopUp(member, 20000, 4000);
    String slotId = slots(1, 6000).get(0);
    String bookingId =
        api.call("POST", "/bookings", member, "{\"slotId\":\"" + slotId + "\",\"quantity\":1}")
            .json()
            .path("bookingId")
            .asText();
    Reply paid =
        api.call("POST", "/bookings/" + bookingId + "/pay", member, "{\"provider\":\"wallet\"}");
    assertThat(paid.status()).as(paid.raw()).isEqualTo(200);
    JsonNode before = wallets(member).get(0);
    long principal = before.path("principalMinor").asLong();
    Map<String, String> key = Map.of("Idempotency-Key", "w-close-1");
    JsonNode owedBefore = liabilities();

    Reply closed = api.call("POST", "/me/wallets/" + venueId + "/close", member, null, key);
    Reply again = api.call("POST", "/me/wallets/" + venueId + "/close", member, null, key);

    assertThat(closed.status()).as(closed.raw()).isEqualTo(200);
    assertThat(again.raw()).isEqualTo(closed.raw());
    assertThat(closed.json().path("refundedMinor").asLong()).isEqualTo(principal);
    assertThat(closed.json().path("forfeitedMinor").asLong())
        .isEqualTo(before.path("bonusMinor").asLong());
    assertThat(closed.json().path("refunds")).hasSize(2);
    JsonNode owedAfter = liabilities();
    assertThat(owedBefore.path("currency").asText()).isEqualTo("CNY");
    assertThat(
            owedBefore.path("walletPrincipalMinor").asLong()
                - owedAfter.path("walletPrincipalMinor").asLong())
        .isEqualTo(principal);
    assertThat(
            owedBefore.path("walletBonusMinor").asLong()
                - owedAfter.path("walletBonusMinor").asLong())
        .isEqualTo(before.path("bonusMinor").asLong());
    assertThat(api.stripeRefunds(newer)).containsExactly(20000L);
    assertThat(api.stripeRefunds(older)).containsExactly(principal - 20000);
    JsonNode after = wallets(member).get(0);
    assertThat(after.path("balanceMinor").asLong()).isZero();
    JsonNode ledger =
        api.call("GET", "/me/wallets/" + venueId + "/ledger", member, null).json().path("items");
    long sum = 0;
    for (JsonNode e : ledger) {
      sum += e.path("amountMinor").asLong();
    }
    assertThat(sum).isZero();
    assertThat(ledger.get(ledger.size() - 1).path("kind").asText()).isEqualTo("CLOSE");
    Reply none =
        api.call(
            "POST", "/me/wallets/" + venueId + "/close", api.token("w-nobody", "customer"), null);
    assertThat(none.status()).isEqualTo(404);
  }

  /** {@code n} one-hour slots of a court of the venue, each priced {@code priceMinor}. */
  private static List<String> slots(int n, long priceMinor) throws Exception {
    String admin = api.token("w-admin", "admin");
    String resourceId =
        api.call(
                "POST",
                "/venues/" + venueId + "/resources",
                admin,
                "{\"name\":\"Court\",\"kind\":\"SEATS\",\"capacity\":4}")
            .json()
            .path("resourceId")
            .asText();
    List<String> slots = new ArrayList<>();
    LocalDate first = LocalDate.now(ZoneId.of("Asia/Shanghai")).plusDays(3);
    for (int i = 0; i < n; i++) {
      LocalDate day = first.plusDays(i / 12);
      int h = 8 + i % 12;
      slots.add(
          api.call(
                  "POST",
                  "/slots",
                  admin,
                  String.format(
                      "{\"resourceId\":\"%s\",\"start\":\"%sT%02d:00:00\",\"end\":\"%sT%02d:00:00\","
                          + "\"priceMinor\":%d,\"currency\":\"CNY\"}",
                      resourceId, day, h, day, h + 1, priceMinor))
              .json()
              .path("slotId")
              .asText());
    }
    return slots;
  }

  @Test
  void thirtyTwoHoldsPaidFromOneWalletAtOnceNeverOverdrawItAndLoseNoEntry() throws Exception {
    String member = api.token("w-racer", "customer");
    toppedUp(member, 50000, 5000); // 55,000: eleven holds of 5,000
    List<String> holds = new ArrayList<>();
    for (String slotId : slots(32, 5000)) {
      Reply held;
      long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
      do { // booking is rate-limited per member (20 in 10 s): wait as a client is told to
        held =
            api.call("POST", "/bookings", member, "{\"slotId\":\"" + slotId + "\",\"quantity\":1}");
        if (held.status() == 429) {
          Thread.sleep(1000);
        }
      } while (held.status() == 429 && System.nanoTime() < deadline);
      assertThat(held.status()).as(held.raw()).isEqualTo(201);
      holds.add(held.json().path("bookingId").asText());
    }
    List<String> paths = holds.stream().map(id -> "/bookings/" + id + "/pay").toList();
    int paid = payAllFromTheWallet(member, paths);

    JsonNode wallet = wallets(member).get(0);
    long balance = wallet.path("balanceMinor").asLong();
    JsonNode ledger =
        api.call("GET", "/me/wallets/" + venueId + "/ledger?limit=200", member, null)
            .json()
            .path("items");
    long sum = 0;
    int spends = 0;
    for (JsonNode e : ledger) {
      sum += e.path("amountMinor").asLong();
      spends += e.path("kind").asText().equals("SPEND") ? 1 : 0;
    }
    int paidBookings = 0;
    for (String bookingId : holds) {
      paidBookings += api.status(member, bookingId).equals("PAID") ? 1 : 0;
    }
    assertThat(paid).isBetween(1, 11);
    assertThat(wallet.path("principalMinor").asLong()).isNotNegative();
    assertThat(wallet.path("bonusMinor").asLong()).isNotNegative();
    assertThat(balance).isEqualTo(55000 - paid * 5000L);
    assertThat(sum).as("the balance is the sum of its entries").isEqualTo(balance);
    assertThat(spends).isEqualTo(paid);
    assertThat(paidBookings).isEqualTo(paid);
  }

  @Test
  void sixteenPassesPaidFromOneWalletAtOnceNeverOverdrawItAndEachPaidOneIsActive()
      throws Exception {
    String member = api.token("w-passes", "customer");
    toppedUp(member, 50000, 5000); // 55,000: five packs of 10,000
    String admin = api.token("w-admin", "admin");
    String planId =
        api.call(
                "POST",
                "/venues/" + venueId + "/plans",
                admin,
                "{\"name\":\"Ten\",\"kind\":\"PACK\",\"credits\":10,\"validity\":\"P30D\","
                    + "\"priceMinor\":10000,\"currency\":\"CNY\"}")
            .json()
            .path("planId")
            .asText();
    List<String> passes = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      Reply pass = api.call("POST", "/me/passes", member, "{\"planId\":\"" + planId + "\"}");
      assertThat(pass.status()).as(pass.raw()).isEqualTo(201);
      passes.add(pass.json().path("passId").asText());
    }
    List<String> paths = passes.stream().map(id -> "/passes/" + id + "/pay").toList();
    int paid = payAllFromTheWallet(member, paths);

    JsonNode wallet = wallets(member).get(0);
    long balance = wallet.path("balanceMinor").asLong();
    long sum = 0;
    for (JsonNode e :
        api.call("GET", "/me/wallets/" + venueId + "/ledger?limit=200", member, null)
            .json()
            .path("items")) {
      sum += e.path("amountMinor").asLong();
    }
    int active = 0;
    for (JsonNode p : api.call("GET", "/me/passes?limit=50", member, null).json().path("items")) {
      active += p.path("status").asText().equals("ACTIVE") ? 1 : 0;
    }
    assertThat(paid).isBetween(1, 5);
    assertThat(balance).isEqualTo(55000 - paid * 10000L);
    assertThat(sum).as("the balance is the sum of its entries").isEqualTo(balance);
    assertThat(active).isEqualTo(paid);
  }
}
