package fairslot.messaging.payments;

import fairslot.app.PaymentProvider;
import fairslot.domain.Payment;

/**
 * The deployed default until a real provider is plugged in: it records nothing and calls no
 * webhook, so payments wait for the provider's callback (or staff's offline payment).
 */
public final class AwaitingProvider implements PaymentProvider {
  @Override
  public String name() {
    return "awaiting";
  }

  @Override
  public void charge(Payment payment) {
    // the customer pays at the provider; its webhook reports the outcome
  }

  @Override
  public RefundAttempt refund(Payment payment) {
    return RefundAttempt.ACCEPTED;
  }
}
