package fairslot.messaging.payments;

import fairslot.money.domain.Payment;
import fairslot.payment.app.PaymentProvider;
import java.util.Map;

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
  public Map<String, Object> start(Payment payment, Payer payer) {
    // the customer pays at the provider; its webhook reports the outcome
    return Map.of();
  }

  @Override
  public RefundAttempt refund(Payment payment, String refundNo) {
    return RefundAttempt.ACCEPTED;
  }
}
