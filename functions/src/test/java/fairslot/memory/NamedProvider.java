package fairslot.memory;

import fairslot.money.domain.Payment;
import fairslot.payment.app.PaymentProvider;
import java.util.Map;

/**
 * A provider under a given name that starts payments with no client parameters and accepts every
 * refund: a test overrides only what it scripts (queries, closes, statements).
 */
public abstract class NamedProvider implements PaymentProvider {
  private final String name;

  protected NamedProvider(String name) {
    this.name = name;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Map<String, Object> start(Payment payment, Payer payer) {
    return Map.of();
  }

  @Override
  public RefundAttempt refund(Payment payment, String refundNo) {
    return RefundAttempt.ACCEPTED;
  }
}
