package fairslot.chaos;

import static fairslot.chaos.ChaosChecks.is;
import static fairslot.chaos.ChaosChecks.s;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Wallets in the chaos run (issue 64): members top up through the local provider (its success
 * sometimes delivered twice), hold several slots and pay them all from the wallet at once, some
 * then cancelled (refunded to the wallet). Checked from the raw items: no part of a wallet below
 * zero, every balance the sum of its ledger, a SPEND entry for each wallet payment and a REFUND
 * entry for each one refunded.
 */
final class ChaosWallets {
  private static final long PAY = 12000;
  private static final long BONUS = 1200;

  private final ChaosWorld world;
  private final ChaosWorkload work;
  private final Random random;
  private String planId;
  private String venueId;
  private final List<String> slots = new ArrayList<>();

  /** Wallet payments some answer told were made (200). */
  private final Set<String> answered = ConcurrentHashMap.newKeySet();

  /** The prepaid rules' venue, played and checked with the wallets. */
  private final ChaosPrepaid prepaid;

  /** Split payments (the wallet and the local provider for the rest), at this venue. */
  private final ChaosSplits splits;

  private int round;

  ChaosWallets(ChaosWorld world, ChaosWorkload work, Random random) {
    this.prepaid = new ChaosPrepaid(world, random);
    this.splits = new ChaosSplits(world, work, random);
    this.world = world;
    this.work = work;
    this.random = random;
  }

  void setUp(ChaosCatalog catalog, int n, String venueId) {
    this.venueId = venueId;
    prepaid.setUp(catalog);
    splits.setUp(catalog, n + 4, venueId);
    for (int i = 0; i < 4; i++) {
      slots.add(catalog.slot(n + i, venueId, 10, "DIRECT", 5000));
    }
    planId =
        world
            .call(
                "POST /venues/{venueId}/wallet-plans",
                Map.of("venueId", venueId),
                "admin",
                "admin",
                "{\"name\":\"top\",\"payMinor\":"
                    + PAY
                    + ",\"bonusMinor\":"
                    + BONUS
                    + ",\"currency\":\"CNY\"}",
                null)
            .text("planId");
  }

  void wave(List<Callable<Object>> wave) {
    for (int i = 0; i < 3; i++) {
      String user = "wl" + i;
      wave.add(() -> member(user));
    }
    prepaid.wave(wave);
    splits.wave(wave, round++);
  }

  private Object member(String user) throws Exception {
    Reply bought =
        world.call(
            "POST /wallet-plans/{planId}/buy",
            Map.of("planId", planId),
            user,
            "customer",
            "{}",
            "wb-" + user);
    String paymentNo =
        bought.json() == null ? null : bought.json().path("payment").path("paymentNo").asText(null);
    if (bought.status() != 201 || paymentNo == null) {
      return bought;
    }
    world.provider.report(paymentNo, "SUCCEEDED");
    if (random.nextBoolean()) {
      world.provider.report(paymentNo, "SUCCEEDED"); // delivered again
    }
    List<String> holds = new ArrayList<>();
    for (String slotId : slots) {
      Reply held =
          world.call(
              "POST /bookings",
              Map.of(),
              user,
              "customer",
              "{\"slotId\":\"" + slotId + "\",\"quantity\":1}",
              "wh-" + user + slotId);
      if (held.status() == 201) {
        holds.add(held.text("bookingId"));
        work.namedBookings.add(held.text("bookingId"));
      }
    }
    List<Callable<Object>> race = new ArrayList<>();
    for (String bookingId : holds) {
      race.add(
          () -> {
            Reply paid =
                world.call(
                    "POST /bookings/{bookingId}/pay",
                    Map.of("bookingId", bookingId),
                    user,
                    "customer",
                    "{\"provider\":\"wallet\"}",
                    null);
            if (paid.status() == 200) {
              answered.add(paid.text("paymentNo"));
            }
            if (paid.status() == 200 && random.nextInt(3) == 0) {
              return world.call(
                  "POST /bookings/{bookingId}/cancel",
                  Map.of("bookingId", bookingId),
                  user,
                  "customer",
                  null,
                  null);
            }
            return paid;
          });
    }
    if (random.nextInt(3) == 0) {
      // the member closes the wallet while their payments race it (some retried with a key)
      String key = random.nextBoolean() ? "wc-" + user : null;
      race.add(
          () ->
              world.call(
                  "POST /me/wallets/{venueId}/close",
                  Map.of("venueId", venueId),
                  user,
                  "customer",
                  null,
                  key));
    }
    ChaosThreads.runAll(race, race.size());
    return bought;
  }

  void check(List<Map<String, AttributeValue>> items, List<String> out) {
    prepaid.check(items, out);
    splits.check(items, out);
    Map<String, Long> closed = new HashMap<>();
    Map<String, Long> partsBack = new HashMap<>();
    for (var item : items) {
      if (is(item, "WALLET_ENTRY") && s(item, "kind").equals("CLOSE")) {
        closed.merge(s(item, "userId"), -n(item, "principalDeltaMinor"), Long::sum);
      }
      if (is(item, "REFUND_PART") && s(item, "topUpId") != null) {
        partsBack.merge(s(item, "userId"), n(item, "refundMinor"), Long::sum);
      }
    }
    if (!closed.equals(partsBack)) {
      out.add(
          "closed wallets' principal by member "
              + closed
              + " is not their top-ups' refunds "
              + partsBack);
    }
    Map<String, long[]> sums = new HashMap<>();
    Set<String> spends = new HashSet<>();
    Set<String> refunds = new HashSet<>();
    for (var item : items) {
      if (is(item, "WALLET_ENTRY")) {
        long[] sum =
            sums.computeIfAbsent(s(item, "userId") + " " + s(item, "venueId"), k -> new long[2]);
        sum[0] += n(item, "principalDeltaMinor");
        sum[1] += n(item, "bonusDeltaMinor");
        (s(item, "kind").equals("SPEND") ? spends : refunds).add(s(item, "ref"));
      }
    }
    answered.stream()
        .filter(no -> !spends.contains(no))
        .forEach(
            no -> out.add("wallet payment " + no + " was answered paid and has no SPEND entry"));
    for (var item : items) {
      if (is(item, "WALLET")) {
        String key = s(item, "userId") + " " + s(item, "venueId");
        long[] sum = sums.getOrDefault(key, new long[2]);
        long principal = n(item, "principalMinor");
        long bonus = n(item, "bonusMinor");
        if (principal < 0 || bonus < 0) {
          out.add("wallet " + key + " is overdrawn: " + principal + " / " + bonus);
        }
        if (principal != sum[0] || bonus != sum[1]) {
          out.add(
              "wallet "
                  + key
                  + " holds "
                  + principal
                  + " / "
                  + bonus
                  + ", its ledger says "
                  + sum[0]
                  + " / "
                  + sum[1]);
        }
      }
      if (is(item, "PAYMENT") && "wallet".equals(s(item, "provider"))) {
        String no = s(item, "paymentNo");
        if (!spends.contains(no)) {
          out.add("wallet payment " + no + " has no SPEND entry");
        }
        if ("REFUNDED".equals(s(item, "status")) && !refunds.contains("R" + no)) {
          out.add("wallet payment " + no + " is REFUNDED with no REFUND entry");
        }
      }
    }
  }

  private static long n(Map<String, AttributeValue> item, String name) {
    AttributeValue v = item.get(name);
    return v == null || v.n() == null ? 0 : Long.parseLong(v.n());
  }
}
