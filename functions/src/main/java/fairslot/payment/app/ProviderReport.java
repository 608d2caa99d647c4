package fairslot.payment.app;

import fairslot.kernel.Money;
import fairslot.payment.domain.PaymentCallback;

/**
 * An outcome a provider reported for one of its orders or refunds, verified by its adapter, before
 * fairslot has looked the payment up. {@code eventId} derives from the provider's number and state.
 */
public record ProviderReport(
    String eventId, String paymentNo, Money amount, PaymentCallback.Outcome outcome, String raw) {}
