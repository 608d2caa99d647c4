package fairslot.payment.app;

import fairslot.money.domain.Payment;
import java.util.Map;

/** A started payment and what the payer's client needs to pay it at its provider. */
public record Checkout(Payment payment, Map<String, Object> client) {}
