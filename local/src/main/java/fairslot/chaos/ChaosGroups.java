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
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * (Issue 32) Bookings of several slots in a chaos run: members book two slots at once, one of them
 * the crowd's (so the crowd and the groups fight for its last seats) or the slot the admin cancels
 * mid-run, then pay (as the crowd pays: late, failing first, twice), cancel, or let the hold lapse;
 * some paid ones are given away whole, or have one hour moved to a cheaper court. At rest,
 * recounted from the raw items: every line of a group exists, the lines hold their seats together
 * or not at all, and the group's payment is the sum of its lines.
 */
final class ChaosGroups {
  private final ChaosWorld world;
  private final ChaosWorkload work;
  private final Random random;
  private String pairA;
  private String pairB;
  private String pairC;

  ChaosGroups(ChaosWorld world, ChaosWorkload work, Random random) {
    this.world = world;
    this.work = work;
    this.random = random;
  }

  /**
   * Two slots of their own at hours {@code n} and {@code n + 1}, and a cheaper one at {@code n + 1}
   * that a paid group's second hour moves to, made before the faults.
   */
  void setUp(ChaosCatalog catalog, int n, String venueId) {
    pairA = catalog.slot(n, venueId, 3, "DIRECT", 2500);
    pairB = catalog.slot(n + 1, venueId, 3, "DIRECT", 1500);
    pairC = catalog.slot(n + 1, venueId, 2, "DIRECT", 1000); // B's hour on another court, cheaper
  }

  void wave(List<Callable<Object>> wave, String crowdSlot, String cancelledSlot) {
    for (int i = 0; i < 8; i++) {
      String user = "gr" + i;
      List<String> slots =
          switch (i % 3) {
            case 0 -> List.of(crowdSlot, pairA);
            case 1 -> List.of(pairA, pairB);
            default -> List.of(pairB, cancelledSlot);
          };
      int then = random.nextInt(4);
      wave.add(() -> bookThen(user, slots, then));
    }
  }

  /** Books the slots, then 0: pays, 1: pays and cancels, 2: cancels the hold, 3: lets it lapse. */
  private Object bookThen(String user, List<String> slots, int then) {
    String key = random.nextBoolean() ? null : "kg-" + user;
    Reply booked =
        world.call(
            "POST /bookings",
            Map.of(),
            user,
            "customer",
            "{\"slotIds\":[\"" + String.join("\",\"", slots) + "\"],\"quantity\":1}",
            key);
    if (booked.status() == 409
        && "already_booked".equals(booked.text("code"))
        && booked.text("bookingId") != null) {
      work.namedBookings.add(booked.text("bookingId")); // a lost answer's booking, named
    }
    if (booked.status() != 201) {
      return booked;
    }
    String bookingId = booked.text("bookingId");
    work.namedBookings.add(bookingId);
    if (then <= 1) {
      new ChaosLocalPayments(world, work, random).pay(user, bookingId);
    }
    if (then == 0 && random.nextInt(4) == 0) {
      // given whole to a member with a profile, who may be booking meanwhile
      return world.call(
          "POST /bookings/{bookingId}/transfer",
          Map.of("bookingId", bookingId),
          user,
          "customer",
          "{\"toUserId\":\"y" + random.nextInt(6) + "\"}",
          null);
    }
    if (then == 0 && slots.contains(pairB) && random.nextBoolean()) {
      // one hour moved to the cheaper court: its difference refunded as a part of the payment
      return world.call(
          "POST /bookings/{bookingId}/reschedule",
          Map.of("bookingId", bookingId),
          user,
          "customer",
          "{\"fromSlotId\":\"" + pairB + "\",\"toSlotId\":\"" + pairC + "\"}",
          null);
    }
    if (then == 1 || then == 2) {
      return world.call(
          "POST /bookings/{bookingId}/cancel",
          Map.of("bookingId", bookingId),
          user,
          "customer",
          null,
          null);
    }
    return booked;
  }

  /** The lead's id of a group's line, or null for a booking of one slot. */
  static String leadOf(Map<String, AttributeValue> booking) {
    AttributeValue lines = booking.get("groupLines");
    return lines == null ? null : lines.l().get(0).m().get("bookingId").s();
  }

  /** A line of a group other than its lead: named by its lead, paid by its lead's payment. */
  static boolean isOtherLine(Map<String, AttributeValue> booking) {
    String lead = leadOf(booking);
    return lead != null && !lead.equals(s(booking, "bookingId"));
  }

  /**
   * The parts of a payment beyond those of lines the venue cancelled alone (whose price is no
   * longer among the lines' amounts only if it moved): a cheaper move's difference. A cancelled
   * line keeps its amount, so its part is counted in {@code total} already.
   */
  private static long keptBack(List<Map<String, AttributeValue>> lines, long parts) {
    long cancelledAlone =
        lines.stream()
            .filter(l -> "CANCELLED".equals(s(l, "status")))
            .mapToLong(l -> Long.parseLong(l.get("amountMinor").n()))
            .sum();
    boolean whole = lines.stream().allMatch(l -> "CANCELLED".equals(s(l, "status")));
    return whole ? parts : parts - cancelledAlone;
  }

  static void check(List<Map<String, AttributeValue>> items, List<String> out) {
    Map<String, List<Map<String, AttributeValue>>> groups = new HashMap<>();
    Map<String, Map<String, AttributeValue>> payments = new HashMap<>();
    Map<String, Long> parts = new HashMap<>();
    Set<String> cancelledSlots = new HashSet<>();
    for (var item : items) {
      if (is(item, "REFUND_PART")) {
        parts.merge(s(item, "paymentNo"), Long.parseLong(item.get("refundMinor").n()), Long::sum);
      }
      if (is(item, "BOOKING") && leadOf(item) != null) {
        groups.computeIfAbsent(leadOf(item), k -> new ArrayList<>()).add(item);
      }
      if (is(item, "PAYMENT")) {
        payments.put(s(item, "paymentNo"), item);
      }
      if (is(item, "SLOT") && "CANCELLED".equals(s(item, "status"))) {
        cancelledSlots.add(s(item, "slotId"));
      }
    }
    groups.forEach(
        (lead, lines) -> {
          int size = lines.get(0).get("groupLines").l().size();
          if (lines.size() != size) {
            out.add("booking " + lead + " has " + lines.size() + " of its " + size + " lines");
          }
          // a line the venue cancelled alone (its slot cancelled, its share refunded) aside
          long statuses =
              lines.stream()
                  .filter(
                      l ->
                          !("CANCELLED".equals(s(l, "status"))
                              && cancelledSlots.contains(s(l, "slotId"))))
                  .map(l -> s(l, "status"))
                  .distinct()
                  .count();
          if (statuses > 1) {
            out.add(
                "booking "
                    + lead
                    + " is half booked: its lines are "
                    + lines.stream().map(l -> s(l, "status")).toList());
          }
          long total =
              lines.stream().mapToLong(l -> Long.parseLong(l.get("amountMinor").n())).sum();
          lines.stream()
              .filter(l -> s(l, "bookingId").equals(lead) && l.containsKey("paymentNo"))
              .map(l -> payments.get(s(l, "paymentNo")))
              .filter(
                  p ->
                      p != null
                          && Long.parseLong(p.get("amountMinor").n())
                              != total + keptBack(lines, parts.getOrDefault(s(p, "paymentNo"), 0L)))
              .forEach(
                  p ->
                      out.add(
                          "payment "
                              + s(p, "paymentNo")
                              + " of booking "
                              + lead
                              + " is "
                              + p.get("amountMinor").n()
                              + ", its lines "
                              + total
                              + " and its refund parts "
                              + parts.getOrDefault(s(p, "paymentNo"), 0L)));
        });
  }
}
