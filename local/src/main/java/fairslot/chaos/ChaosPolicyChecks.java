package fairslot.chaos;

import static fairslot.chaos.ChaosChecks.s;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The hardening issue's invariants (issue 28), counted from the raw items after a run: no member
 * holds more upcoming bookings at the AUTO_HOLD venue than its limit, whatever placed them (their
 * own bookings, AUTO_HOLD, a late payment's revive); and a payment that took money after a failure
 * has exactly its SUCCESS_AFTER_FAILURE finance exception (and no such exception without one).
 */
final class ChaosPolicyChecks {
  private ChaosPolicyChecks() {}

  private static final Set<String> UPCOMING = Set.of("PENDING_PAY", "PAID");

  static void check(List<Map<String, AttributeValue>> items, ChaosWorkload work, List<String> out) {
    Map<String, Integer> upcoming = new HashMap<>();
    Set<String> tookMoneyAfterFailure = new HashSet<>();
    Set<String> flagged = new HashSet<>();
    for (var item : items) {
      String type = s(item, "type");
      if ("BOOKING".equals(type)
          && work.autoVenue.equals(s(item, "venueId"))
          && UPCOMING.contains(s(item, "status"))) {
        upcoming.merge(s(item, "userId"), 1, Integer::sum);
      }
      if ("AUDIT".equals(type)
          && s(item, "entity") != null
          && s(item, "entity").startsWith("payment:")
          && "FAILED".equals(s(item, "from"))
          && Set.of("SUCCEEDED", "REFUNDING").contains(s(item, "to"))) {
        tookMoneyAfterFailure.add(s(item, "entity").substring("payment:".length()));
      }
      if ("FINANCE_EXCEPTION".equals(type) && "SUCCESS_AFTER_FAILURE".equals(s(item, "kind"))) {
        flagged.add(s(item, "paymentNo"));
      }
    }
    upcoming.forEach(
        (user, n) -> {
          if (n > ChaosWorkload.AUTO_LIMIT) {
            out.add(
                "member "
                    + user
                    + " holds "
                    + n
                    + " upcoming bookings at a venue whose limit is "
                    + ChaosWorkload.AUTO_LIMIT);
          }
        });
    for (String paymentNo : tookMoneyAfterFailure) {
      if (!flagged.contains(paymentNo)) {
        out.add("payment " + paymentNo + " took money after a failure with no finance exception");
      }
    }
    for (String paymentNo : flagged) {
      if (!tookMoneyAfterFailure.contains(paymentNo)) {
        out.add("a SUCCESS_AFTER_FAILURE exception for " + paymentNo + ", which never failed");
      }
    }
  }
}
