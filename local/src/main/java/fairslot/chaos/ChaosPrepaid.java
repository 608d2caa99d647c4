package fairslot.chaos;

import static fairslot.chaos.ChaosChecks.is;
import static fairslot.chaos.ChaosChecks.s;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Shanghai's prepaid rules in the chaos run (issue 64): at a CN-SH-2025 venue, members start many
 * top-ups (¥1,000) and packs (¥2,000, 10 sessions) at once, paid through the local provider, some
 * successes delivered twice. Members only buy here, so what they hold at the end is the most they
 * ever held. Checked from the raw items: no member beyond a limit (stored value ¥5,000, packs
 * ¥20,000 and 60 sessions, all ¥20,000), and the member's guard moved once per purchase it let
 * start.
 */
final class ChaosPrepaid {
  private static final long STORED = 500_000;
  private static final long TOTAL = 2_000_000;
  private static final int SESSIONS = 60;

  private final ChaosWorld world;
  private final Random random;
  private String venueId;
  private String topUpPlan;
  private String packPlan;

  ChaosPrepaid(ChaosWorld world, Random random) {
    this.world = world;
    this.random = random;
  }

  void setUp(ChaosCatalog catalog) {
    venueId = catalog.venue("{\"prepaidRules\":\"CN-SH-2025\"}");
    topUpPlan =
        plan(
            "POST /venues/{venueId}/wallet-plans",
            "{\"name\":\"top\",\"payMinor\":100000,\"bonusMinor\":10000,\"currency\":\"CNY\"}");
    packPlan =
        plan(
            "POST /venues/{venueId}/plans",
            "{\"name\":\"ten\",\"kind\":\"PACK\",\"credits\":10,\"validity\":\"P90D\","
                + "\"priceMinor\":200000,\"currency\":\"CNY\"}");
  }

  private String plan(String route, String body) {
    return world
        .call(route, Map.of("venueId", venueId), "admin", "admin", body, null)
        .text("planId");
  }

  void wave(List<Callable<Object>> wave) {
    for (int i = 0; i < 2; i++) {
      String user = "pp" + i;
      wave.add(() -> member(user));
    }
  }

  /** Eight top-ups and eight packs of one member started at once; some paid. */
  private Object member(String user) throws Exception {
    List<Callable<Object>> race = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      String n = user + "-" + i + "-" + random.nextInt(1_000_000);
      race.add(
          () ->
              paid(
                  world.call(
                      "POST /wallet-plans/{planId}/buy",
                      Map.of("planId", topUpPlan),
                      user,
                      "customer",
                      "{}",
                      "pt-" + n),
                  true));
      race.add(() -> pack(user, n));
    }
    ChaosThreads.runAll(race, race.size());
    return null;
  }

  private Object pack(String user, String n) {
    Reply bought =
        world.call(
            "POST /me/passes",
            Map.of(),
            user,
            "customer",
            "{\"planId\":\"" + packPlan + "\"}",
            "pk-" + n);
    if (bought.status() != 201) {
      return bought;
    }
    Reply paying =
        world.call(
            "POST /passes/{passId}/pay",
            Map.of("passId", bought.text("passId")),
            user,
            "customer",
            "{}",
            null);
    return paid(paying, false);
  }

  /** A started payment reported paid (twice, at times), or left pending. */
  private Reply paid(Reply started, boolean topUp) {
    if (started.status() / 100 != 2 || started.json() == null || random.nextInt(4) == 0) {
      return started;
    }
    var payment = topUp ? started.json().path("payment") : started.json();
    String paymentNo = payment.path("paymentNo").asText(null);
    if (paymentNo != null) {
      world.provider.report(paymentNo, "SUCCEEDED");
      if (random.nextBoolean()) {
        world.provider.report(paymentNo, "SUCCEEDED");
      }
    }
    return started;
  }

  void check(List<Map<String, AttributeValue>> items, List<String> out) {
    Map<String, long[]> held = new HashMap<>(); // stored, pack value, sessions, purchases
    Map<String, Long> guards = new HashMap<>();
    for (var item : items) {
      if (!venueId.equals(s(item, "venueId")) || s(item, "userId") == null) {
        continue;
      }
      long[] h = held.computeIfAbsent(s(item, "userId"), k -> new long[4]);
      boolean started = item.containsKey("paymentNo");
      if (is(item, "WALLET")) {
        h[0] += n(item, "principalMinor");
      } else if (is(item, "TOP_UP") && started) {
        h[0] += "PENDING_PAY".equals(s(item, "status")) ? n(item, "payMinor") : 0;
        h[3]++;
      } else if (is(item, "PASS") && started) {
        boolean paying = "PENDING_PAY".equals(s(item, "status"));
        h[1] += n(item, "priceMinor"); // bought here, never used
        h[2] += paying ? n(item, "credits") : n(item, "creditsLeft");
        h[3]++;
      }
    }
    for (var item : items) {
      if (is(item, "PREPAID_GUARD") && venueId.equals(s(item, "venueId"))) {
        guards.put(s(item, "PK").substring("MEMBER#".length()), n(item, "version"));
      }
    }
    held.forEach(
        (user, h) -> {
          if (h[0] > STORED || h[1] > TOTAL || h[2] > SESSIONS || h[0] + h[1] > TOTAL) {
            out.add(
                "member "
                    + user
                    + " holds beyond CN-SH-2025: stored "
                    + h[0]
                    + ", packs "
                    + h[1]
                    + " / "
                    + h[2]
                    + " sessions");
          }
          if (h[3] > 0 && guards.getOrDefault(user, 0L) < h[3]) {
            out.add(
                "member "
                    + user
                    + " made "
                    + h[3]
                    + " purchases on a guard at "
                    + guards.get(user));
          }
        });
  }

  private static long n(Map<String, AttributeValue> item, String name) {
    AttributeValue v = item.get(name);
    return v == null || v.n() == null ? 0 : Long.parseLong(v.n());
  }
}
