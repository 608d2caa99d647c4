package fairslot.chaos;

import static fairslot.chaos.ChaosChecks.is;
import static fairslot.chaos.ChaosChecks.s;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The disputes of a chaos run, recounted from the raw items: each dispute opened one DISPUTE_OPENED
 * exception, open until the bank decided; a decision one DISPUTE_WON (resolved) or DISPUTE_LOST
 * (open); a lost dispute, and only that, marks its booking with the money gone.
 */
final class ChaosDisputes {
  private ChaosDisputes() {}

  static void check(List<Map<String, AttributeValue>> items, ChaosWorkload work, List<String> out) {
    Map<String, List<Map<String, AttributeValue>>> byDispute = new HashMap<>();
    Map<String, Map<String, AttributeValue>> bookings = new HashMap<>();
    for (var item : items) {
      if (is(item, "FINANCE_EXCEPTION") && item.containsKey("disputeId")) {
        byDispute.computeIfAbsent(s(item, "disputeId"), k -> new ArrayList<>()).add(item);
      }
      if (is(item, "BOOKING")) {
        bookings.put(s(item, "bookingId"), item);
      }
    }
    work.disputes.forEach(
        (id, bookingAndState) -> {
          String state = bookingAndState[1];
          List<Map<String, AttributeValue>> found = byDispute.getOrDefault(id, List.of());
          List<String> kinds = found.stream().map(e -> s(e, "kind")).sorted().toList();
          List<String> expected =
              switch (state) {
                case "won" -> List.of("DISPUTE_OPENED", "DISPUTE_WON");
                case "lost" -> List.of("DISPUTE_LOST", "DISPUTE_OPENED");
                default -> List.of("DISPUTE_OPENED");
              };
          if (!kinds.equals(expected)) {
            out.add("dispute " + id + " (" + state + ") has exceptions " + kinds);
            return;
          }
          for (var e : found) {
            boolean open = "OPEN".equals(s(e, "status"));
            boolean shouldBeOpen =
                s(e, "kind").equals("DISPUTE_LOST")
                    || (s(e, "kind").equals("DISPUTE_OPENED") && state.equals("open"));
            if (open != shouldBeOpen) {
              out.add("dispute " + id + ": " + s(e, "kind") + " is " + s(e, "status"));
            }
          }
          var booking = bookings.get(bookingAndState[0]);
          boolean marked = booking != null && booking.containsKey("disputedMinor");
          if (marked != state.equals("lost")) {
            out.add(
                "booking "
                    + bookingAndState[0]
                    + " of dispute "
                    + id
                    + " ("
                    + state
                    + ")"
                    + (marked ? " is" : " is not")
                    + " marked disputed");
          }
        });
  }
}
