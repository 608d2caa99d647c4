package fairslot.chaos;

import static fairslot.chaos.ChaosChecks.is;
import static fairslot.chaos.ChaosChecks.n;
import static fairslot.chaos.ChaosChecks.s;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The money check of a chaos run, recounted from the raw items. */
final class ChaosMoney {
  private static final Set<String> KEPT = Set.of("PAID", "COMPLETED", "NO_SHOW");

  private ChaosMoney() {}

  /**
   * Money: a payment the provider took is kept (its booking is PAID, COMPLETED or NO_SHOW and it is
   * SUCCEEDED) or on its way back (REFUNDING, REFUNDED, REFUND_FAILED); never lost, never kept
   * twice.
   */
  static void check(List<Map<String, AttributeValue>> items, ChaosWorkload work, List<String> out) {
    Map<String, Map<String, AttributeValue>> byPayment = new HashMap<>();
    Map<String, Map<String, AttributeValue>> byBooking = new HashMap<>();
    Map<String, Integer> keptPerBooking = new HashMap<>();
    Set<String> keptLines = new HashSet<>();
    // a split payment's wallet part is kept beside its rest: the booking's one payment is the rest
    Set<String> walletParts = new HashSet<>();
    for (var item : items) {
      if (is(item, "WALLET_PART")) {
        walletParts.add(s(item, "walletPaymentNo"));
      }
    }
    for (var item : items) {
      if (is(item, "PAYMENT")) {
        byPayment.put(s(item, "paymentNo"), item);
        // a pass's or a top-up's payment keeps no booking: ChaosPasses and ChaosWallets count them
        if ("SUCCEEDED".equals(s(item, "status"))
            && item.containsKey("bookingId")
            && !walletParts.contains(s(item, "paymentNo"))) {
          keptPerBooking.merge(s(item, "bookingId"), 1, Integer::sum);
        }
      }
      if (is(item, "BOOKING")) {
        byBooking.put(s(item, "bookingId"), item);
        if (ChaosGroups.leadOf(item) != null && KEPT.contains(s(item, "status"))) {
          keptLines.add(ChaosGroups.leadOf(item));
        }
      }
    }
    long taken = 0;
    long accounted = 0;
    for (var e : work.succeeded.entrySet()) {
      var payment = byPayment.get(e.getKey());
      if (payment == null) {
        out.add("payment " + e.getKey() + " succeeded at the provider but is not stored");
        continue;
      }
      long amount = n(payment, "amountMinor");
      taken += amount;
      String status = s(payment, "status");
      String bookingStatus = s(byBooking.getOrDefault(e.getValue(), Map.of()), "status");
      // a booking of several slots is kept while any of its slots is (its first may be cancelled)
      boolean kept =
          "SUCCEEDED".equals(status)
              && (KEPT.contains(bookingStatus) || keptLines.contains(e.getValue()));
      boolean returning = Set.of("REFUNDING", "REFUNDED", "REFUND_FAILED").contains(status);
      if (kept || returning) {
        accounted += amount;
      } else {
        out.add(
            "payment "
                + e.getKey()
                + " succeeded but is "
                + status
                + " with its booking "
                + bookingStatus
                + ": money neither kept nor returned");
      }
    }
    if (taken != accounted) {
      out.add(
          "money not conserved: taken " + taken + " != kept + refunded + refunding " + accounted);
    }
    keptPerBooking.forEach(
        (bookingId, n) -> {
          if (n > 1) {
            out.add("booking " + bookingId + " kept " + n + " payments");
          }
        });
    byBooking.forEach(
        (bookingId, booking) -> {
          if (KEPT.contains(s(booking, "status"))
              && !ChaosGroups.isOtherLine(booking) // paid by its lead's payment
              && !work.deskBookings.contains(bookingId)
              && n(booking, "amountMinor") > 0
              && keptPerBooking.getOrDefault(bookingId, 0) != 1) {
            out.add(
                "booking "
                    + bookingId
                    + " is "
                    + s(booking, "status")
                    + " without exactly one kept payment");
          }
        });
  }
}
