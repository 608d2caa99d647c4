package fairslot.chaos;

import static fairslot.chaos.ChaosChecks.is;
import static fairslot.chaos.ChaosChecks.s;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Money refunded in parts (a paid booking moved to a cheaper slot), recounted from the raw items: a
 * payment's parts never refund more than it took; a kept booking plus its payment's parts is the
 * payment exactly; a payment refunded afterwards refunds at most what the parts left, and its
 * booking is REFUNDED only once that refund is.
 */
final class ChaosRefundParts {
  private static final Set<String> KEPT = Set.of("PAID", "COMPLETED", "NO_SHOW");

  private ChaosRefundParts() {}

  static void check(List<Map<String, AttributeValue>> items, List<String> out) {
    Map<String, Long> parts = new HashMap<>();
    Map<String, Integer> count = new HashMap<>();
    Map<String, Map<String, AttributeValue>> byBooking = new HashMap<>();
    for (var item : items) {
      if (is(item, "REFUND_PART")) {
        parts.merge(s(item, "paymentNo"), n(item, "refundMinor"), Long::sum);
        count.merge(s(item, "paymentNo"), 1, Integer::sum);
      }
      if (is(item, "BOOKING")) {
        byBooking.put(s(item, "bookingId"), item);
      }
    }
    for (var item : items) {
      if (!is(item, "PAYMENT") || !parts.containsKey(s(item, "paymentNo"))) {
        continue;
      }
      String paymentNo = s(item, "paymentNo");
      long amount = n(item, "amountMinor");
      long refundedInParts = parts.get(paymentNo);
      if (refundedInParts > amount) {
        out.add("payment " + paymentNo + " refunds " + refundedInParts + " in parts of " + amount);
      }
      // a pass's or a top-up's payment has no booking: ChaosPasses and ChaosWallets count them
      if (item.containsKey("passId") || item.containsKey("topUpId")) {
        continue;
      }
      String status = s(item, "status");
      var booking = byBooking.getOrDefault(s(item, "bookingId"), Map.of());
      if ("SUCCEEDED".equals(status)
          && ChaosGroups.leadOf(booking) == null // a group's money: ChaosGroups counts its lines
          && KEPT.contains(s(booking, "status"))
          && n(booking, "amountMinor") + refundedInParts != amount) {
        out.add(
            "payment "
                + paymentNo
                + " of "
                + amount
                + " keeps a booking of "
                + n(booking, "amountMinor")
                + " after refunding "
                + refundedInParts
                + " in parts");
      }
      if (!"SUCCEEDED".equals(status)
          && !"PENDING".equals(status)
          && n(item, "refundMinor") + refundedInParts > amount) {
        out.add("payment " + paymentNo + " refunds " + n(item, "refundMinor") + " after its parts");
      }
      if ("REFUNDED".equals(s(booking, "status")) && !"REFUNDED".equals(status)) {
        // a part paid back must not end the booking while its own refund is still owed
        out.add("booking of payment " + paymentNo + " is REFUNDED while the payment is " + status);
      }
      if (ChaosGroups.leadOf(booking) == null
          && !booking.isEmpty()
          && n(booking, "partsRefundedMinor") != refundedInParts) {
        // what the booking shows beside what it keeps: every part of its payment, no more
        out.add(
            "booking of payment "
                + paymentNo
                + " shows "
                + n(booking, "partsRefundedMinor")
                + " refunded in parts of "
                + refundedInParts);
      }
      if (n(item, "refundParts") != count.get(paymentNo)) {
        out.add("payment " + paymentNo + " counts " + n(item, "refundParts") + " refund parts");
      }
    }
  }

  private static long n(Map<String, AttributeValue> item, String name) {
    AttributeValue v = item.get(name);
    return v == null || v.n() == null ? 0 : Long.parseLong(v.n());
  }
}
