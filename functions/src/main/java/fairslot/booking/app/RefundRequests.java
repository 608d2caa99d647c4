package fairslot.booking.app;

import fairslot.kernel.Money;
import fairslot.money.domain.Payment;
import fairslot.money.domain.RefundPartPlan;
import java.time.Instant;
import java.util.Optional;

/**
 * Port: the refunds a booking's change asks of its payment. Payment answers it; booking only plans
 * a part in its own transaction and asks for it to be paid once that transaction committed.
 */
public interface RefundRequests {
  /** The next refund part of {@code amount} on the payment, if the payment can pay one back. */
  Optional<RefundPartPlan> partOf(String paymentNo, Money amount, Instant at);

  /** What the payment may still pay back: its amount less its refund parts; empty if none. */
  Optional<Money> refundable(String paymentNo);

  /**
   * Asks the provider to pay the payment's refund back now (a later sweep asks again if this
   * fails).
   */
  void attemptNow(String paymentNo);

  /** Asks the provider to pay {@code seen} back now (a later sweep asks again if this fails). */
  void attemptNow(Payment seen);
}
