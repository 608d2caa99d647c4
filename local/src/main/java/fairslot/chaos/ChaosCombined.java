package fairslot.chaos;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * (Issue 35) A full court made of two half courts in a chaos run: their three slots at one hour,
 * the whole created between the halves, booked, paid and cancelled by a crowd at once, one half's
 * slot perhaps cancelled by the admin mid-wave, and more members after the holds lapse. At rest,
 * recounted from the raw items: linked both ways, and never a half and the whole holding seats
 * together.
 */
final class ChaosCombined {
  private static final String ADMIN = "admin";
  private static final Set<String> HOLDING = Set.of("PENDING_PAY", "PAID", "COMPLETED", "NO_SHOW");

  private final ChaosWorld world;
  private final ChaosWorkload work;
  private final Random random;
  private List<String> slots = List.of();

  ChaosCombined(ChaosWorld world, ChaosWorkload work, Random random) {
    this.world = world;
    this.work = work;
    this.random = random;
  }

  /** The courts and their slots at hour {@code n} of the run, made before the faults. */
  void setUp(int n, String venueId) {
    String halfA = court(venueId, "{\"name\":\"Half A\",\"kind\":\"EXCLUSIVE\"}");
    String halfB = court(venueId, "{\"name\":\"Half B\",\"kind\":\"EXCLUSIVE\"}");
    String whole =
        court(
            venueId,
            "{\"name\":\"Full court\",\"kind\":\"EXCLUSIVE\",\"parts\":[\""
                + halfA
                + "\",\""
                + halfB
                + "\"]}");
    Instant start = world.clock.instant().plus(Duration.ofDays(2)).plusSeconds(3600L * n);
    slots = List.of(slot(halfA, start), slot(whole, start), slot(halfB, start));
  }

  private String court(String venueId, String body) {
    return world
        .call(
            "POST /venues/{venueId}/resources",
            Map.of("venueId", venueId),
            ADMIN,
            "admin",
            body,
            null)
        .text("resourceId");
  }

  private String slot(String resourceId, Instant start) {
    return world
        .call(
            "POST /slots",
            Map.of(),
            ADMIN,
            "admin",
            "{\"resourceId\":\""
                + resourceId
                + "\",\"start\":\""
                + start
                + "\",\"end\":\""
                + start.plus(Duration.ofHours(1))
                + "\",\"priceMinor\":6000,\"currency\":\"CNY\"}",
            null)
        .text("slotId");
  }

  /** Three members on each slot at once; half the runs, one half's slot cancelled meanwhile. */
  void wave(List<Callable<Object>> wave) {
    crowd("cc", 3, true, wave);
    if (random.nextBoolean()) {
      String half = slots.get(random.nextBoolean() ? 0 : 2);
      wave.add(
          () -> {
            ChaosThreads.pause(random.nextInt(200));
            return world.call(
                "POST /slots/{slotId}/cancel", Map.of("slotId", half), ADMIN, "admin", "{}", null);
          });
    }
  }

  /**
   * After the holds lapsed: two more members on each slot, racing the sweep. They hold and do not
   * pay: the run's last payments-reconcile comes before a payment made now is due, so a lost
   * notification would be left for a later run of the job than this workload has.
   */
  void late(List<Callable<Object>> late) {
    crowd("cl", 2, false, late);
  }

  private void crowd(String prefix, int each, boolean payers, List<Callable<Object>> wave) {
    ChaosCrowd crowd = new ChaosCrowd(world, work, random);
    for (int s = 0; s < slots.size(); s++) {
      String slotId = slots.get(s);
      for (int i = 0; i < each; i++) {
        String user = prefix + s + "-" + i;
        boolean pay = payers && random.nextInt(3) > 0;
        boolean cancel = random.nextInt(4) == 0;
        wave.add(() -> crowd.member(user, slotId, "k-" + user, pay, cancel));
      }
    }
  }

  /** Linked slots are linked both ways, and no two of them, neither cancelled, both hold seats. */
  static void check(List<Map<String, AttributeValue>> items, List<String> out) {
    Map<String, Map<String, AttributeValue>> slots = new HashMap<>();
    Map<String, Integer> holding = new HashMap<>();
    for (Map<String, AttributeValue> item : items) {
      if (ChaosChecks.is(item, "SLOT")) {
        slots.put(ChaosChecks.s(item, "slotId"), item);
      }
      if (ChaosChecks.is(item, "BOOKING") && HOLDING.contains(ChaosChecks.s(item, "status"))
          || ChaosChecks.is(item, "WAITENTRY") && "OFFERED".equals(ChaosChecks.s(item, "status"))) {
        holding.merge(ChaosChecks.s(item, "slotId"), 1, Integer::sum);
      }
    }
    slots.forEach(
        (slotId, slot) -> {
          if (!slot.containsKey("counterparts")) {
            return;
          }
          for (String other : slot.get("counterparts").ss()) {
            Map<String, AttributeValue> counterpart = slots.get(other);
            if (counterpart == null
                || !counterpart.containsKey("counterparts")
                || !counterpart.get("counterparts").ss().contains(slotId)) {
              out.add("slot " + slotId + " links " + other + ", which does not link it back");
            } else if (holds(slot, holding) && holds(counterpart, holding)) {
              out.add("space sold twice: slots " + slotId + " and " + other + " both hold seats");
            }
          }
        });
  }

  private static boolean holds(Map<String, AttributeValue> slot, Map<String, Integer> holding) {
    return !"CANCELLED".equals(ChaosChecks.s(slot, "status"))
        && holding.getOrDefault(ChaosChecks.s(slot, "slotId"), 0) > 0;
  }
}
