package fairslot.chaos;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.definitions.Fairslot;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What must hold after a run, judged from raw items (a scan: harness code may scan, product code
 * may not) and from every answer the clients got. Each broken rule is one line in the result.
 */
final class ChaosChecks {
  private static final Set<String> ACTIVE = Set.of("PENDING_PAY", "PAID", "COMPLETED", "NO_SHOW");
  private static final Set<String> KEPT = Set.of("PAID", "COMPLETED", "NO_SHOW");

  private ChaosChecks() {}

  static List<String> violations(ChaosWorld world, ChaosWorkload work) {
    List<String> out = new ArrayList<>();
    world.deliverSeatChanges();
    List<Map<String, AttributeValue>> items =
        world
            .dynamo
            .scanPaginator(r -> r.tableName(world.table).consistentRead(true))
            .items()
            .stream()
            .toList();
    // Queued requests: every one decided; a granted one names its booking.
    for (String requestId : work.queuedRequests) {
      Reply r =
          world.call(
              "GET /booking-requests/{requestId}",
              Map.of("requestId", requestId),
              requestOwner(items, requestId),
              "customer",
              null,
              null);
      if ("QUEUED".equals(r.text("status")) || "ENTERED".equals(r.text("status"))) {
        out.add("request " + requestId + " still " + r.text("status") + " at rest");
      }
      if ("GRANTED".equals(r.text("status")) || "WON".equals(r.text("status"))) {
        work.namedBookings.add(r.text("bookingId"));
      }
      if ("REJECTED".equals(r.text("status")) && r.text("code") == null) {
        out.add("request " + requestId + " REJECTED without a reason");
      }
    }
    // A waitlist entry that became a booking (an accept, or AUTO_HOLD) names it to its member.
    for (var item : items) {
      if (is(item, "WAITENTRY") && s(item, "bookingId") != null) {
        Reply me =
            world.call(
                "GET /slots/{slotId}/waitlist/me",
                Map.of("slotId", s(item, "slotId")),
                s(item, "userId"),
                "customer",
                null,
                null);
        if (s(item, "bookingId").equals(me.text("bookingId"))) {
          work.namedBookings.add(me.text("bookingId"));
        }
      }
    }
    ledger(items, out);
    seatAudit(items, out);
    bookings(items, work, out);
    ChaosMoney.check(items, work, out);
    ChaosDisputes.check(items, work, out);
    ChaosRefundParts.check(items, out);
    ChaosGroups.check(items, out);
    ChaosPolicyChecks.check(items, work, out);
    ChaosMemberChecks.check(items, out);
    ChaosMinimums.check(items, work.minimumSlot, out);
    work.venueStaff.check(items, out);
    ChaosLottery.check(items, work.lotterySlot, out);
    work.integrations.check(items, out);
    work.webhooks.check(items, out);
    work.erasures.check(items, out);
    work.wechatMembers.check(items, out);
    work.passes.check(items, out);
    work.wallets.check(items, out);
    work.coupons.check(items, out);
    ChaosCombined.check(items, out);
    world.badAnswers.forEach(bad -> out.add("5xx other than 503 throttled: " + bad));
    reconcile(world, out);
    int parked =
        world
            .sqs
            .getQueueAttributes(
                r ->
                    r.queueUrl(
                            world
                                .sqs
                                .getQueueUrl(
                                    q ->
                                        q.queueName(
                                            world.table
                                                + "-"
                                                + Fairslot.WAITLIST_QUEUE
                                                    .deadLetterNameWithSuffix()))
                                .queueUrl())
                        .attributeNamesWithStrings("ApproximateNumberOfMessages"))
            .attributesAsStrings()
            .values()
            .stream()
            .mapToInt(Integer::parseInt)
            .sum();
    if (parked > 0) {
      out.add(parked + " SeatReleased message(s) parked in the waitlist DLQ");
    }
    ChaosNotificationChecks.check(world, work.erasures.members(), out);
    return out;
  }

  private static String requestOwner(List<Map<String, AttributeValue>> items, String requestId) {
    return items.stream()
        .filter(i -> is(i, "REQUEST") && requestId.equals(s(i, "requestId")))
        .map(i -> s(i, "userId"))
        .findFirst()
        .orElse("nobody");
  }

  /** capacity == remaining + active booking quantities + open offers, for every slot. */
  private static void ledger(List<Map<String, AttributeValue>> items, List<String> out) {
    Map<String, Integer> held = new HashMap<>();
    Map<String, Integer> offered = new HashMap<>();
    for (var item : items) {
      if (is(item, "BOOKING") && ACTIVE.contains(s(item, "status"))) {
        held.merge(s(item, "slotId"), n(item, "quantity"), Integer::sum);
      }
      if (is(item, "WAITENTRY") && "OFFERED".equals(s(item, "status"))) {
        offered.merge(s(item, "slotId"), 1, Integer::sum);
      }
    }
    for (var item : items) {
      if (is(item, "SLOT")) {
        String slotId = s(item, "slotId");
        int capacity = n(item, "capacity");
        int remaining = n(item, "remaining");
        int h = held.getOrDefault(slotId, 0);
        int o = offered.getOrDefault(slotId, 0);
        int owed = n(item, "forWaitlist");
        if (capacity != remaining + h + o || remaining < 0 || owed < 0 || owed > remaining) {
          out.add(
              "seat ledger of slot "
                  + slotId
                  + ": capacity "
                  + capacity
                  + " != remaining "
                  + remaining
                  + " + held "
                  + h
                  + " + offered "
                  + o
                  + " (owed to the waitlist "
                  + owed
                  + ")");
        }
      }
    }
  }

  /**
   * The seat audit is a gapless chain per slot: taken in stream order, each record starts where the
   * one before ended, the first at the slot's capacity and the last at its remaining now. (The run
   * makes no capacity edits, the only seat changes the stream consumer skips.)
   */
  private static void seatAudit(List<Map<String, AttributeValue>> items, List<String> out) {
    Map<String, TreeMap<String, Map<String, AttributeValue>>> bySlot = new HashMap<>();
    for (var item : items) {
      String sk = s(item, "SK");
      if (is(item, "AUDIT") && sk.contains("#q")) {
        bySlot
            .computeIfAbsent(s(item, "PK"), k -> new TreeMap<>())
            .put(sk.substring(sk.indexOf("#q") + 2), item);
      }
    }
    for (var item : items) {
      if (!is(item, "SLOT")) {
        continue;
      }
      int stock = n(item, "capacity");
      for (var record : bySlot.getOrDefault(s(item, "PK"), new TreeMap<>()).values()) {
        int before = Integer.parseInt(record.get("before").m().get("remaining").n());
        if (before != stock) {
          out.add(
              "seat audit of slot "
                  + s(item, "slotId")
                  + ": a record starts at "
                  + before
                  + " after one ended at "
                  + stock
                  + " ("
                  + s(record, "reason")
                  + ")");
        }
        stock = Integer.parseInt(record.get("after").m().get("remaining").n());
      }
      if (stock != n(item, "remaining")) {
        out.add(
            "seat audit of slot "
                + s(item, "slotId")
                + ": the records end at "
                + stock
                + " but remaining is "
                + n(item, "remaining"));
      }
    }
  }

  /** Every booking an answer named exists; no booking exists that no answer named. */
  private static void bookings(
      List<Map<String, AttributeValue>> items, ChaosWorkload work, List<String> out) {
    Set<String> stored = new HashSet<>();
    for (var item : items) {
      if (is(item, "BOOKING")) {
        stored.add(s(item, "bookingId"));
        // a group's other lines are named by their lead (ChaosGroups counts the lines)
        String named =
            ChaosGroups.isOtherLine(item) ? ChaosGroups.leadOf(item) : s(item, "bookingId");
        if (!work.namedBookings.contains(named)) {
          out.add(
              "booking "
                  + s(item, "bookingId")
                  + " ("
                  + s(item, "status")
                  + ", user "
                  + s(item, "userId")
                  + ") exists but no answer named it");
        }
      }
    }
    for (String named : work.namedBookings) {
      if (!stored.contains(named)) {
        out.add("an answer named booking " + named + " but it does not exist");
      }
    }
  }

  private static void reconcile(ChaosWorld world, List<String> out) {
    String cursor = null;
    do {
      String body =
          cursor == null ? "{\"limit\":200}" : "{\"limit\":200,\"cursor\":\"" + cursor + "\"}";
      Reply r = world.call("POST /admin/reconcile", Map.of(), "admin", "admin", body, null);
      if (r.status() != 200) {
        out.add("reconcile answered " + r.status() + " " + r.body());
        return;
      }
      JsonNode deviations = r.json().path("deviations");
      deviations.forEach(d -> out.add("reconcile deviation: " + d));
      cursor = r.text("nextCursor");
    } while (cursor != null);
  }

  static boolean is(Map<String, AttributeValue> item, String type) {
    return item.get("type") != null && type.equals(item.get("type").s());
  }

  static String s(Map<String, AttributeValue> item, String name) {
    AttributeValue v = item.get(name);
    return v == null ? null : v.s();
  }

  static int n(Map<String, AttributeValue> item, String name) {
    AttributeValue v = item.get(name);
    return v == null || v.n() == null ? 0 : Integer.parseInt(v.n());
  }
}
