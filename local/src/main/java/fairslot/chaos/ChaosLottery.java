package fairslot.chaos;

import fairslot.catalog.domain.LotteryRanks;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A LOTTERY slot in the chaos run (issue 33): members enter (some twice) before it closes, then two
 * draw runs race a latecomer after the clock passes the close. At rest: drawn once, every entry
 * decided, the seats won in rank order of the published seed by every entry that fitted what was
 * left (one that did not is passed over), and the waitlist in rank order.
 */
final class ChaosLottery {
  private final ChaosWorld world;
  private final ChaosWorkload work;
  private final Random random;

  ChaosLottery(ChaosWorld world, ChaosWorkload work, Random random) {
    this.world = world;
    this.work = work;
    this.random = random;
  }

  /** The {@code n}th slot of the run: 3 to 5 seats, entries closing five minutes from now. */
  String slot(int n, String venueId) {
    String resourceId = new ChaosCatalog(world).resource(venueId, 3 + random.nextInt(3));
    Instant now = world.clock.instant();
    Instant start = now.plus(Duration.ofDays(2)).plusSeconds(3600L * n);
    return world
        .call(
            "POST /slots",
            Map.of(),
            "admin",
            "admin",
            "{\"resourceId\":\""
                + resourceId
                + "\",\"start\":\""
                + start
                + "\",\"end\":\""
                + start.plus(Duration.ofHours(1))
                + "\",\"priceMinor\":3000,\"currency\":\"CNY\",\"admission\":\"LOTTERY\","
                + "\"lotteryClosesAt\":\""
                + now.plus(Duration.ofMinutes(5))
                + "\"}",
            null)
        .text("slotId");
  }

  /** Entries of one to three seats: some do not fit what is left, and the draw passes them over. */
  void early(String slotId, List<Callable<Object>> wave) {
    for (int i = 0, n = 8 + random.nextInt(10); i < n; i++) {
      String user = "lt" + i;
      int seats = 1 + random.nextInt(3);
      wave.add(() -> enter(user, slotId, seats));
      if (random.nextInt(4) == 0) {
        wave.add(() -> enter(user, slotId, seats)); // again: the same entry
      }
    }
  }

  void late(String slotId, List<Callable<Object>> late) {
    late.add(() -> world.runJob("draw-lotteries"));
    late.add(() -> world.runJob("draw-lotteries"));
    late.add(() -> enter("lt-late", slotId, 1)); // after the close: 409 lottery_closed
  }

  private Reply enter(String user, String slotId, int seats) {
    Reply r =
        world.call(
            "POST /bookings",
            Map.of(),
            user,
            "customer",
            "{\"slotId\":\"" + slotId + "\",\"quantity\":" + seats + "}",
            null);
    if (r.status() == 202) {
      work.queuedRequests.add(r.text("requestId")); // checked at rest: decided, a win named
    }
    return r;
  }

  static void check(List<Map<String, AttributeValue>> items, String slotId, List<String> out) {
    String seed = null;
    String status = null;
    int capacity = 0;
    List<Map<String, AttributeValue>> entries = new ArrayList<>();
    Map<String, Long> sequenceOf = new HashMap<>();
    for (var item : items) {
      if (ChaosChecks.is(item, "LOTTERY") && slotId.equals(ChaosChecks.s(item, "slotId"))) {
        seed = ChaosChecks.s(item, "seed");
        status = ChaosChecks.s(item, "status");
      }
      if (ChaosChecks.is(item, "SLOT") && slotId.equals(ChaosChecks.s(item, "slotId"))) {
        capacity = Integer.parseInt(item.get("capacity").n());
      }
      if (ChaosChecks.is(item, "REQUEST") && slotId.equals(ChaosChecks.s(item, "slotId"))) {
        entries.add(item);
      }
      if (ChaosChecks.is(item, "WAITENTRY") && slotId.equals(ChaosChecks.s(item, "slotId"))) {
        sequenceOf.put(ChaosChecks.s(item, "entryId"), Long.parseLong(item.get("sequence").n()));
      }
    }
    if (!"DRAWN".equals(status) || seed == null) {
      out.add("lottery slot " + slotId + " is " + status + " after its draw runs");
      return;
    }
    String revealed = seed;
    entries.sort(
        Comparator.comparing(e -> LotteryRanks.rank(revealed, ChaosChecks.s(e, "requestId"))));
    // API.md v1.3: in rank order, an entry wins if it fits what is left, else it is passed over;
    // the passed-over wait in rank order once no seat is left, else they are refused.
    int left = capacity;
    List<String> expected = new ArrayList<>();
    for (var e : entries) {
      int seats = Integer.parseInt(e.get("quantity").n());
      expected.add(seats <= left ? "WON" : "PASSED");
      left -= seats <= left ? seats : 0;
    }
    String passed = left == 0 ? "WAITLISTED" : "REJECTED";
    long lastSequence = -1;
    for (int i = 0; i < entries.size(); i++) {
      var e = entries.get(i);
      String s = ChaosChecks.s(e, "status");
      String want = expected.get(i).equals("PASSED") ? passed : expected.get(i);
      if (!want.equals(s)) {
        out.add("lottery entry of rank " + (i + 1) + " is " + s + ", not " + want);
        continue;
      }
      if (s.equals("WAITLISTED")) {
        Long seq = sequenceOf.get(ChaosChecks.s(e, "waitlistEntryId"));
        if (seq == null || seq <= lastSequence) {
          out.add("lottery entry of rank " + (i + 1) + " is out of rank order on the waitlist");
        } else {
          lastSequence = seq;
        }
      }
    }
  }
}
