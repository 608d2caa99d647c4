package fairslot.chaos;

import static fairslot.chaos.ChaosChecks.is;
import static fairslot.chaos.ChaosChecks.s;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Packs bought, paid, spent and refunded by finance in the chaos run (issue 60, v1.3 pass refunds):
 * each member's pass is paid through the local provider, spent by two racing bookings, then
 * refunded by finance twice at once (one retried with its Idempotency-Key) while a named part races
 * them. Checked from the raw items: every pack's credits add up with the refunded ones, a pass
 * payment never refunds more than it took, each part made has its day's record, and the default
 * refund voided the credits at most once.
 */
final class ChaosPasses {
  private static final int CREDITS = 6;
  private static final long PRICE = 6000;

  private final ChaosWorld world;
  private final ChaosWorkload work;
  private final Random random;
  private String planId;
  private String slotId;

  /** Pass ids whose refund some answer told was made (200), with how many such answers. */
  private final Map<String, Integer> refundsAnswered = new ConcurrentHashMap<>();

  ChaosPasses(ChaosWorld world, ChaosWorkload work, Random random) {
    this.world = world;
    this.work = work;
    this.random = random;
  }

  /** The plan and a roomy slot to spend it on, made before the faults are on. */
  void setUp(ChaosCatalog catalog, int n, String venueId) {
    slotId = catalog.slot(n, venueId, 40, "DIRECT");
    Reply plan =
        world.call(
            "POST /venues/{venueId}/plans",
            Map.of("venueId", venueId),
            "admin",
            "admin",
            "{\"name\":\"Six\",\"kind\":\"PACK\",\"credits\":"
                + CREDITS
                + ",\"validity\":\"P30D\",\"priceMinor\":"
                + PRICE
                + ",\"currency\":\"CNY\"}",
            null);
    planId = plan.text("planId");
  }

  void wave(List<Callable<Object>> wave) {
    for (int i = 0; i < 4; i++) {
      String user = "pk" + i;
      wave.add(() -> member(user));
    }
  }

  private Object member(String user) throws Exception {
    Reply pass =
        world.call(
            "POST /me/passes", Map.of(), user, "customer", body("planId", planId), "p-" + user);
    String passId = pass.text("passId");
    if (pass.status() != 201 || passId == null) {
      return pass;
    }
    Reply paid =
        world.call(
            "POST /passes/{passId}/pay", Map.of("passId", passId), user, "customer", "{}", null);
    if (paid.status() != 200 || paid.text("paymentNo") == null) {
      return paid;
    }
    world.provider.report(paid.text("paymentNo"), "SUCCEEDED");
    List<Callable<Object>> race = new ArrayList<>();
    for (int b = 0; b < 2; b++) {
      String key = "pkb-" + user + "-" + b;
      race.add(
          () -> {
            Reply r =
                world.call(
                    "POST /bookings",
                    Map.of(),
                    user,
                    "customer",
                    "{\"slotId\":\"" + slotId + "\",\"quantity\":1,\"passId\":\"" + passId + "\"}",
                    key);
            if (r.status() == 201) {
              work.namedBookings.add(r.text("bookingId"));
            }
            return r;
          });
    }
    String key = "pkr-" + user;
    race.add(() -> refund(passId, null, key));
    race.add(() -> refund(passId, null, key)); // the same request again: a client's retry
    race.add(() -> refund(passId, null, null));
    if (random.nextBoolean()) {
      race.add(() -> refund(passId, "{\"amountMinor\":500}", null));
    }
    ChaosThreads.runAll(race, race.size());
    return pass;
  }

  private Reply refund(String passId, String body, String key) {
    ChaosThreads.pause(random.nextInt(50));
    Reply r =
        world.call(
            "POST /staff/passes/{passId}/refund",
            Map.of("passId", passId),
            "finance",
            "finance",
            body,
            key);
    if (r.status() == 200) {
      refundsAnswered.merge(passId, 1, Integer::sum);
    }
    return r;
  }

  private static String body(String field, String value) {
    return "{\"" + field + "\":\"" + value + "\"}";
  }

  void check(List<Map<String, AttributeValue>> items, List<String> out) {
    Map<String, Long> held = new HashMap<>();
    Map<String, Long> parts = new HashMap<>();
    Map<String, Long> partsByPass = new HashMap<>();
    Map<String, Long> records = new HashMap<>();
    Map<String, Map<String, AttributeValue>> payments = new HashMap<>();
    for (var item : items) {
      if (is(item, "BOOKING") && item.containsKey("passId") && "PAID".equals(s(item, "status"))) {
        held.merge(s(item, "passId"), n(item, "passCredits"), Long::sum);
      }
      if (is(item, "REFUND_PART") && item.containsKey("passId")) {
        parts.merge(s(item, "paymentNo"), n(item, "refundMinor"), Long::sum);
        partsByPass.merge(s(item, "passId"), n(item, "refundMinor"), Long::sum);
      }
      if (is(item, "PASS_REFUND")) {
        records.merge(s(item, "passId"), n(item, "amountMinor"), Long::sum);
      }
      if (is(item, "PAYMENT") && item.containsKey("passId")) {
        payments.put(s(item, "paymentNo"), item);
      }
    }
    for (var item : items) {
      if (!is(item, "PASS") || !"PACK".equals(s(item, "kind"))) {
        continue;
      }
      String passId = s(item, "passId");
      long sum =
          n(item, "creditsLeft")
              + held.getOrDefault(passId, 0L)
              + n(item, "creditsUsed")
              + n(item, "creditsForfeited")
              + n(item, "creditsRefunded");
      if (n(item, "creditsLeft") < 0 || sum != n(item, "credits")) {
        out.add(
            "pass " + passId + " accounts for " + sum + " of " + n(item, "credits") + " credits");
      }
      if (!partsByPass.getOrDefault(passId, 0L).equals(records.getOrDefault(passId, 0L))) {
        out.add(
            "pass "
                + passId
                + " refunded "
                + partsByPass.getOrDefault(passId, 0L)
                + " in parts, the days' records say "
                + records.getOrDefault(passId, 0L));
      }
      if (n(item, "creditsRefunded") > 0 && !partsByPass.containsKey(passId)) {
        out.add("pass " + passId + " voided credits with no refund part");
      }
      if (refundsAnswered.containsKey(passId) && !partsByPass.containsKey(passId)) {
        out.add("pass " + passId + " was answered refunded and has no refund part");
      }
    }
    if (refundsAnswered.isEmpty()) {
      out.add("no pass refund was answered in the run: the workload did not reach it");
    }
    parts.forEach(
        (paymentNo, refunded) -> {
          var payment = payments.get(paymentNo);
          if (payment == null || refunded > n(payment, "amountMinor")) {
            out.add("pass payment " + paymentNo + " refunds " + refunded + " in parts");
          }
        });
  }

  private static long n(Map<String, AttributeValue> item, String name) {
    AttributeValue v = item.get(name);
    return v == null || v.n() == null ? 0 : Long.parseLong(v.n());
  }
}
