package fairslot.chaos;

import static fairslot.chaos.ChaosChecks.is;
import static fairslot.chaos.ChaosChecks.s;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Split payments in the chaos run (v1.3 {@code rest}): a member holding less than the price pays
 * with the wallet and the local provider for the rest, several checkouts at once; the rest then
 * succeeds, fails, fails and succeeds, or never answers (the hold lapses) while the member may
 * cancel. Checked from the raw items: a part still taken only while its rest can still buy the
 * booking or bought it, and a booking bought by its rest still holding its part.
 */
final class ChaosSplits {
  private static final Set<String> KEPT = Set.of("PAID", "COMPLETED", "NO_SHOW");

  private final ChaosWorld world;
  private final ChaosWorkload work;
  private final Random random;
  private final List<String> slots = new ArrayList<>();
  private String planId;

  ChaosSplits(ChaosWorld world, ChaosWorkload work, Random random) {
    this.world = world;
    this.work = work;
    this.random = random;
  }

  void setUp(ChaosCatalog catalog, int n, String venueId) {
    for (int i = 0; i < 3; i++) {
      slots.add(catalog.slot(n + i, venueId, 10, "DIRECT", 5000));
    }
    planId =
        world
            .call(
                "POST /venues/{venueId}/wallet-plans",
                Map.of("venueId", venueId),
                "admin",
                "admin",
                "{\"name\":\"small\",\"payMinor\":2000,\"bonusMinor\":1000,\"currency\":\"CNY\"}",
                null)
            .text("planId");
  }

  void wave(List<Callable<Object>> wave, int round) {
    for (int i = 0; i < 2; i++) {
      String user = "sp" + round + "-" + i;
      String slotId = slots.get((round + i) % slots.size());
      wave.add(() -> member(user, slotId));
    }
  }

  private Object member(String user, String slotId) throws Exception {
    Reply bought =
        world.call(
            "POST /wallet-plans/{planId}/buy",
            Map.of("planId", planId),
            user,
            "customer",
            "{}",
            "sb-" + user);
    String topUp =
        bought.json() == null ? null : bought.json().path("payment").path("paymentNo").asText(null);
    if (bought.status() != 201 || topUp == null) {
      return bought;
    }
    world.provider.report(topUp, "SUCCEEDED");
    Reply held =
        world.call(
            "POST /bookings",
            Map.of(),
            user,
            "customer",
            "{\"slotId\":\"" + slotId + "\",\"quantity\":1}",
            "sh-" + user);
    if (held.status() != 201) {
      return held;
    }
    String bookingId = held.text("bookingId");
    work.namedBookings.add(bookingId);
    Queue<String> started = new ConcurrentLinkedQueue<>();
    List<Callable<Object>> checkouts = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      checkouts.add(
          () -> {
            Reply paid =
                world.call(
                    "POST /bookings/{bookingId}/pay",
                    Map.of("bookingId", bookingId),
                    user,
                    "customer",
                    "{\"provider\":\"wallet\",\"rest\":\"local\"}",
                    null);
            if (paid.status() == 200 && paid.text("paymentNo") != null) {
              started.add(paid.text("paymentNo"));
            }
            return paid;
          });
    }
    ChaosThreads.runAll(checkouts, checkouts.size());
    String rest = started.peek();
    if (rest == null) {
      return held;
    }
    List<Callable<Object>> ends = new ArrayList<>();
    switch (random.nextInt(4)) {
      case 0 -> {
        work.succeeded.put(rest, bookingId);
        ends.add(() -> world.provider.report(rest, "SUCCEEDED"));
      }
      case 1 -> ends.add(() -> world.provider.report(rest, "FAILED"));
      case 2 -> {
        ends.add(() -> world.provider.report(rest, "FAILED"));
        work.latePayments.put(rest, bookingId); // and succeeds after the hold lapsed
      }
      default -> { // never answers: the hold lapses and the part comes back with it
      }
    }
    if (random.nextInt(3) == 0) {
      ends.add(
          () ->
              world.call(
                  "POST /bookings/{bookingId}/cancel",
                  Map.of("bookingId", bookingId),
                  user,
                  "customer",
                  null,
                  null));
    }
    ChaosThreads.runAll(ends, Math.max(1, ends.size()));
    return held;
  }

  void check(List<Map<String, AttributeValue>> items, List<String> out) {
    Map<String, Map<String, AttributeValue>> payments = new HashMap<>();
    Map<String, Map<String, AttributeValue>> bookings = new HashMap<>();
    Map<String, String> parts = new HashMap<>(); // rest's number -> part's number
    for (var item : items) {
      if (is(item, "PAYMENT")) {
        payments.put(s(item, "paymentNo"), item);
      } else if (is(item, "BOOKING")) {
        bookings.put(s(item, "bookingId"), item);
      } else if (is(item, "WALLET_PART")) {
        parts.put(s(item, "PK").substring("PAYMENT#".length()), s(item, "walletPaymentNo"));
      }
    }
    if (parts.isEmpty()) {
      out.add("no split payment started: the workload no longer exercises it");
    }
    parts.forEach(
        (restNo, partNo) -> {
          var rest = payments.getOrDefault(restNo, Map.of());
          var part = payments.getOrDefault(partNo, Map.of());
          var booking = bookings.getOrDefault(s(part, "bookingId"), Map.of());
          boolean taken = "SUCCEEDED".equals(s(part, "status"));
          String restStatus = s(rest, "status");
          String bookingStatus = s(booking, "status");
          boolean boughtByRest =
              KEPT.contains(bookingStatus) && restNo.equals(s(booking, "paymentNo"));
          if (taken && ("FAILED".equals(restStatus) || "EXPIRED".equals(bookingStatus))) {
            out.add(
                "wallet part "
                    + partNo
                    + " still taken: its rest is "
                    + restStatus
                    + ", its booking "
                    + bookingStatus);
          }
          if (boughtByRest && !taken) {
            out.add(
                "booking "
                    + s(booking, "bookingId")
                    + " is "
                    + bookingStatus
                    + " by its rest "
                    + restNo
                    + " without its wallet part "
                    + partNo);
          }
        });
  }
}
