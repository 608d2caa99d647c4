package fairslot.chaos;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * (Issue 35) A class with minimum participants whose decision falls inside the run: members book,
 * pay and cancel on it before the clock passes the decision time, and after it two decide-minimums
 * runs race the late bookings and cancels. The check: decided once, and if cancelled, nobody's
 * booking still active.
 */
final class ChaosMinimums {
  private static final String ADMIN = "admin";
  private final ChaosWorld world;
  private final ChaosWorkload workload;
  private final Random random;

  ChaosMinimums(ChaosWorld world, ChaosWorkload workload, Random random) {
    this.world = world;
    this.workload = workload;
    this.random = random;
  }

  /**
   * The {@code n}th slot of the run (two days ahead, n hours in) with 8 seats and a minimum of 3 to
   * 5, decided five minutes from now.
   */
  String slot(int n, String venueId) {
    String resourceId = new ChaosCatalog(world).resource(venueId, 8);
    Instant now = world.clock.instant();
    Instant start = now.plus(Duration.ofDays(2)).plusSeconds(3600L * n);
    Duration decideBefore = Duration.between(now.plus(Duration.ofMinutes(5)), start);
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
                + "\",\"priceMinor\":3000,\"currency\":\"CNY\",\"minParticipants\":"
                + (3 + random.nextInt(3))
                + ",\"decideBefore\":\""
                + decideBefore
                + "\"}",
            null)
        .text("slotId");
  }

  /** Before the decision: a few members book, most pay, some cancel. */
  void early(String slotId, List<Callable<Object>> wave) {
    ChaosCrowd crowd = new ChaosCrowd(world, workload, random);
    for (int i = 0, n = 2 + random.nextInt(5); i < n; i++) {
      String user = "mp" + i;
      boolean cancel = random.nextInt(4) == 0;
      wave.add(() -> crowd.member(user, slotId, "k-" + user + "-" + slotId, true, cancel));
    }
  }

  /** After it: two decision runs racing late bookings and cancels. */
  void late(String slotId, List<Callable<Object>> wave) {
    ChaosCrowd crowd = new ChaosCrowd(world, workload, random);
    for (int i = 0; i < 3; i++) {
      String user = "ml" + i;
      boolean cancel = i == 0;
      wave.add(() -> crowd.member(user, slotId, "k-" + user + "-" + slotId, false, cancel));
    }
    wave.add(() -> world.runJob("decide-minimums"));
    wave.add(() -> world.runJob("decide-minimums"));
  }

  /** Once the world is at rest: the slot is decided, and a cancelled one has nothing active. */
  static void check(
      List<Map<String, AttributeValue>> items, String slotId, List<String> violations) {
    for (Map<String, AttributeValue> item : items) {
      if (ChaosChecks.is(item, "SLOT") && slotId.equals(ChaosChecks.s(item, "slotId"))) {
        String decision = ChaosChecks.s(item, "minDecision");
        if (decision == null || decision.equals("PENDING")) {
          violations.add("minimum slot " + slotId + " still undecided after its decision time");
        }
        if ("UNDER_MINIMUM".equals(decision)
            && !"CANCELLED".equals(ChaosChecks.s(item, "status"))) {
          violations.add("minimum slot " + slotId + " under its minimum but not cancelled");
        }
        if ("CONFIRMED".equals(decision) && "CANCELLED".equals(ChaosChecks.s(item, "status"))) {
          violations.add("minimum slot " + slotId + " confirmed and cancelled");
        }
        if ("UNDER_MINIMUM".equals(decision)) {
          for (Map<String, AttributeValue> b : items) {
            if (ChaosChecks.is(b, "BOOKING")
                && slotId.equals(ChaosChecks.s(b, "slotId"))
                && List.of("PENDING_PAY", "PAID").contains(ChaosChecks.s(b, "status"))) {
              violations.add(
                  "booking "
                      + ChaosChecks.s(b, "bookingId")
                      + " still "
                      + ChaosChecks.s(b, "status")
                      + " in a slot cancelled under its minimum");
            }
          }
        }
      }
    }
  }
}
