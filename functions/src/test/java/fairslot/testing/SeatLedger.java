package fairslot.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Recounts every slot of a table from raw items and checks the seat invariant: capacity ==
 * remaining + quantities of active bookings + open waitlist offers, with the seats owed to the
 * waitlist (forWaitlist) a part of remaining. Test code may scan; product code may not.
 */
public final class SeatLedger {
  private static final Set<String> ACTIVE = Set.of("PENDING_PAY", "PAID", "COMPLETED", "NO_SHOW");

  private SeatLedger() {}

  public record SlotCount(
      String slotId,
      int capacity,
      int remaining,
      int held,
      int activeBookings,
      int offered,
      int forWaitlist) {
    public boolean balances() {
      return capacity == remaining + held + offered
          && remaining >= 0
          && remaining <= capacity
          && forWaitlist >= 0
          && forWaitlist <= remaining;
    }
  }

  public static Map<String, SlotCount> count(DynamoDbClient dynamo, String table) {
    List<Map<String, AttributeValue>> items =
        dynamo.scanPaginator(r -> r.tableName(table).consistentRead(true)).items().stream()
            .toList();
    Map<String, int[]> held = new HashMap<>();
    Map<String, Integer> offered = new HashMap<>();
    for (Map<String, AttributeValue> item : items) {
      if (item.get("type") != null
          && item.get("type").s().equals("WAITENTRY")
          && item.get("status").s().equals("OFFERED")) {
        offered.merge(item.get("slotId").s(), 1, Integer::sum);
      }
      if (item.get("type") != null
          && item.get("type").s().equals("BOOKING")
          && ACTIVE.contains(item.get("status").s())) {
        int[] h = held.computeIfAbsent(item.get("slotId").s(), k -> new int[2]);
        h[0] += Integer.parseInt(item.get("quantity").n());
        h[1]++;
      }
    }
    Map<String, SlotCount> counts = new HashMap<>();
    for (Map<String, AttributeValue> item : items) {
      if (item.get("type") != null && item.get("type").s().equals("SLOT")) {
        String slotId = item.get("slotId").s();
        int[] h = held.getOrDefault(slotId, new int[2]);
        counts.put(
            slotId,
            new SlotCount(
                slotId,
                Integer.parseInt(item.get("capacity").n()),
                Integer.parseInt(item.get("remaining").n()),
                h[0],
                h[1],
                offered.getOrDefault(slotId, 0),
                Integer.parseInt(item.get("forWaitlist").n())));
      }
    }
    return counts;
  }

  /**
   * Asserts the invariant for every slot in the table, that every member's count of upcoming
   * bookings matches their booking items, and that every pack's credits are all accounted for (the
   * counters and credits live in the same transactions as the seats).
   */
  public static void assertBalanced(DynamoDbClient dynamo, String table) {
    assertSeatsBalanced(dynamo, table);
    assertSpaceSoldOnce(dynamo, table);
    MemberCounters.assertBalanced(dynamo, table);
    PassLedger.assertBalanced(dynamo, table);
  }

  /**
   * The seat invariant alone, for tables seeded with raw booking items (written around the booking
   * transaction, so they have no member counters to check).
   */
  public static void assertSeatsBalanced(DynamoDbClient dynamo, String table) {
    assertThat(count(dynamo, table).values())
        .allSatisfy(
            c -> assertThat(c.balances()).as("seat ledger of slot %s: %s", c.slotId(), c).isTrue());
  }

  /**
   * Combined resources: no two linked slots (a full court and its half at an overlapping time),
   * neither cancelled, both hold seats by their bookings and offers, recounted from raw items.
   */
  public static void assertSpaceSoldOnce(DynamoDbClient dynamo, String table) {
    List<Map<String, AttributeValue>> items =
        dynamo.scanPaginator(r -> r.tableName(table).consistentRead(true)).items().stream()
            .toList();
    Map<String, SlotCount> counts = count(dynamo, table);
    Map<String, Map<String, AttributeValue>> slots = new HashMap<>();
    for (Map<String, AttributeValue> item : items) {
      if (item.get("type") != null && item.get("type").s().equals("SLOT")) {
        slots.put(item.get("slotId").s(), item);
      }
    }
    for (Map<String, AttributeValue> slot : slots.values()) {
      if (!slot.containsKey("counterparts") || !holdsSpace(slot, counts)) {
        continue;
      }
      for (String other : slot.get("counterparts").ss()) {
        assertThat(slots).as("counterpart %s exists", other).containsKey(other);
        assertThat(slots.get(other).get("counterparts").ss())
            .as("linked both ways")
            .contains(slot.get("slotId").s());
        assertThat(holdsSpace(slots.get(other), counts))
            .as(
                "space sold twice: slot %s and its counterpart %s both hold seats (%s, %s)",
                slot.get("slotId").s(),
                other,
                counts.get(slot.get("slotId").s()),
                counts.get(other))
            .isFalse();
      }
    }
  }

  private static boolean holdsSpace(
      Map<String, AttributeValue> slot, Map<String, SlotCount> counts) {
    SlotCount c = counts.get(slot.get("slotId").s());
    return !slot.get("status").s().equals("CANCELLED") && c.held() + c.offered() > 0;
  }

  /** The ids of the slot's active bookings, from raw items. */
  public static Set<String> activeBookingIds(DynamoDbClient dynamo, String table, String slotId) {
    return dynamo.scanPaginator(r -> r.tableName(table).consistentRead(true)).items().stream()
        .filter(i -> i.get("type") != null && i.get("type").s().equals("BOOKING"))
        .filter(i -> i.get("slotId").s().equals(slotId) && ACTIVE.contains(i.get("status").s()))
        .map(i -> i.get("bookingId").s())
        .collect(java.util.stream.Collectors.toSet());
  }

  public static int itemCount(DynamoDbClient dynamo, String table) {
    return (int)
        dynamo.scanPaginator(r -> r.tableName(table).consistentRead(true)).items().stream().count();
  }
}
