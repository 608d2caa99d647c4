package fairslot.chaos;

import static fairslot.chaos.ChaosChecks.is;
import static fairslot.chaos.ChaosChecks.s;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The member-side books after a run, recounted from raw items: every active booking has its member
 * guard and every guard names one (so no member holds two active bookings of a slot, and a transfer
 * moved the guard with the booking); every member's upcoming count per venue equals their
 * PENDING_PAY and PAID bookings there (the count the limit is decided on).
 */
final class ChaosMemberChecks {
  private static final Set<String> GUARDED = Set.of("PENDING_PAY", "PAID", "COMPLETED", "NO_SHOW");
  private static final Set<String> UPCOMING = Set.of("PENDING_PAY", "PAID");

  private ChaosMemberChecks() {}

  static void check(List<Map<String, AttributeValue>> items, List<String> out) {
    Set<String> booked = new HashSet<>();
    Set<String> guarded = new HashSet<>();
    Map<String, Long> counted = new HashMap<>();
    Map<String, Long> recounted = new HashMap<>();
    for (var item : items) {
      if (is(item, "BOOKING") && GUARDED.contains(s(item, "status"))) {
        String guard = s(item, "slotId") + " " + s(item, "userId") + " " + s(item, "bookingId");
        if (!booked.add(guard)) {
          out.add("booking counted twice: " + guard);
        }
        if (UPCOMING.contains(s(item, "status"))) {
          recounted.merge(s(item, "userId") + " " + s(item, "venueId"), 1L, Long::sum);
        }
      }
      if (is(item, "MEMBER_GUARD")) {
        String sk = s(item, "SK");
        guarded.add(
            s(item, "PK").substring("SLOT#".length())
                + " "
                + sk.substring(sk.indexOf('#') + 1)
                + " "
                + s(item, "bookingId"));
      }
      if (is(item, "UPCOMING")) {
        counted.put(
            s(item, "PK").substring("MEMBER#".length()) + " " + s(item, "venueId"),
            Long.parseLong(item.get("upcoming").n()));
      }
    }
    for (String b : booked) {
      if (!guarded.contains(b)) {
        out.add("active booking without its member guard: " + b);
      }
    }
    for (String g : guarded) {
      if (!booked.contains(g)) {
        out.add("member guard without its active booking: " + g);
      }
    }
    Set<String> members = new HashSet<>(counted.keySet());
    members.addAll(recounted.keySet());
    for (String m : members) {
      long c = counted.getOrDefault(m, 0L);
      long r = recounted.getOrDefault(m, 0L);
      if (c != r) {
        out.add("upcoming bookings of " + m + " counted " + c + " but " + r + " are upcoming");
      }
    }
  }
}
