package fairslot.payment.domain;

import fairslot.kernel.Money;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import java.util.Optional;

/**
 * An outcome a provider reported for one of its orders or refunds, verified by its adapter, before
 * fairslot has looked the payment up. {@code eventId} derives from the provider's number and state.
 */
public record ProviderReport(
    String eventId,
    String paymentNo,
    Money amount,
    PaymentCallback.Outcome outcome,
    String raw,
    Optional<String> refundNo) {

  /** A report of a payment, or of its own refund. */
  public ProviderReport(
      String eventId, String paymentNo, Money amount, PaymentCallback.Outcome outcome, String raw) {
    this(eventId, paymentNo, amount, outcome, raw, Optional.empty());
  }

  /**
   * A report of the refund {@code refundNo} of payment {@code paymentNo}: names the refund only
   * when it is one of the payment's parts, so the payment's own refund reads as it always has.
   */
  public static ProviderReport ofRefund(
      String eventId,
      String paymentNo,
      String refundNo,
      Money amount,
      PaymentCallback.Outcome outcome,
      String raw) {
    boolean part = !refundNo.equals(Payment.refundNo(paymentNo, 0));
    return new ProviderReport(
        eventId, paymentNo, amount, outcome, raw, part ? Optional.of(refundNo) : Optional.empty());
  }
}
