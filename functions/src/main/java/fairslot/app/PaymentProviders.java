package fairslot.app;

import fairslot.domain.Payment;
import java.util.HashMap;
import java.util.Map;

/**
 * The configured online provider plus the built-in "offline" one (cash or card at the desk, whose
 * refunds staff hand out on the spot, so they complete at once).
 */
public final class PaymentProviders {
  public static final String OFFLINE = "offline";

  private final PaymentProvider online;
  private final Map<String, PaymentProvider> byName = new HashMap<>();

  public PaymentProviders(PaymentProvider online) {
    this.online = online;
    byName.put(online.name(), online);
    byName.put(
        OFFLINE,
        new PaymentProvider() {
          @Override
          public String name() {
            return OFFLINE;
          }

          @Override
          public void charge(Payment payment) {
            // collected at the desk
          }

          @Override
          public RefundAttempt refund(Payment payment) {
            return RefundAttempt.COMPLETED;
          }
        });
  }

  public PaymentProvider online() {
    return online;
  }

  public PaymentProvider of(Payment payment) {
    PaymentProvider p = byName.get(payment.provider());
    if (p == null) {
      throw new IllegalStateException(
          "no provider " + payment.provider() + " for payment " + payment.paymentNo());
    }
    return p;
  }
}
