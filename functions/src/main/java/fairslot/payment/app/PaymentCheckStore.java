package fairslot.payment.app;

import fairslot.money.domain.Payment;
import java.time.Instant;
import java.util.List;

/**
 * Port: the payments the jobs ask about (a PENDING payment's provider, a REFUNDING payment's
 * refund), each through a sparse index, and when each is asked again.
 */
public interface PaymentCheckStore {

  /** PENDING payments due to be asked about at {@code now} (sparse paymentsPending index). */
  List<Payment> pendingDue(Instant now, int limit);

  /**
   * The next time to ask about a PENDING payment, on condition it is still PENDING; false when it
   * settled meanwhile.
   */
  boolean schedulePendingCheck(Payment seen, Instant nextAt);

  /** Takes a PENDING payment out of the checks (its provider cannot be asked); false if settled. */
  boolean stopPendingChecks(Payment seen);

  /** Payments whose refund is due to be (re)tried at {@code now} (sparse refundsDue index). */
  List<Payment> refundsDue(Instant now, int limit);

  /**
   * Sets the refund's attempt count and next due time, on condition the payment is still REFUNDING
   * with the attempt count in {@code seen}; false if someone else changed it first.
   */
  boolean scheduleRefund(Payment seen, int attempts, Instant nextAt);
}
