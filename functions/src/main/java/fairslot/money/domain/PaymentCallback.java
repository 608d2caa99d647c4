package fairslot.money.domain;

import fairslot.kernel.Money;
import java.util.Optional;

/**
 * A provider's webhook body, after its signature was verified; {@code raw} is the exact body
 * received, kept for finance. {@code payable} is what the payment pays for, as the event names it
 * ({@code bookingId} or {@code passId}). A refund's event names its refund number ({@code
 * refundNo}) when the refund is a part of the payment (see Payment#refundPart); without one it is
 * the payment's own refund.
 */
public record PaymentCallback(
    String eventId,
    String paymentNo,
    Payable payable,
    Money amount,
    Outcome outcome,
    String raw,
    Optional<String> refundNo) {

  public PaymentCallback(
      String eventId,
      String paymentNo,
      Payable payable,
      Money amount,
      Outcome outcome,
      String raw) {
    this(eventId, paymentNo, payable, amount, outcome, raw, Optional.empty());
  }

  public PaymentCallback(
      String eventId, String paymentNo, String bookingId, Money amount, Outcome outcome) {
    this(eventId, paymentNo, new Payable.ForBooking(bookingId), amount, outcome, "");
  }

  public PaymentCallback(
      String eventId,
      String paymentNo,
      String bookingId,
      Money amount,
      Outcome outcome,
      String raw) {
    this(eventId, paymentNo, new Payable.ForBooking(bookingId), amount, outcome, raw);
  }

  public enum Outcome {
    SUCCEEDED,
    FAILED,
    REFUNDED,
    REFUND_FAILED,
    /**
     * The provider could not pay the refund back and will not retry it (WeChat's ABNORMAL: the
     * payer's card or account is closed): asking again cannot help, finance must act.
     */
    REFUND_ABNORMAL;

    /** A refund's outcome: what it reports is the money paid back, not the payment's amount. */
    public boolean ofRefund() {
      return this == REFUNDED || this == REFUND_FAILED || this == REFUND_ABNORMAL;
    }
  }
}
