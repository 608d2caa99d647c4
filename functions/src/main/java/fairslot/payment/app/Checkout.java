package fairslot.payment.app;

import fairslot.money.domain.Payment;
import java.util.Map;
import java.util.Optional;

/**
 * A started payment and what the payer's client needs to pay it at its provider; for the rest of a
 * split payment (v1.3 {@code rest}), the wallet's part taken with it.
 */
public record Checkout(Payment payment, Map<String, Object> client, Optional<Payment> walletPart) {
  public Checkout(Payment payment, Map<String, Object> client) {
    this(payment, client, Optional.empty());
  }
}
