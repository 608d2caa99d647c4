package fairslot.domain;

/**
 * A provider's webhook body, after its signature was verified; {@code raw} is the exact body
 * received, kept for finance.
 */
public record PaymentCallback(
    String eventId, String paymentNo, String bookingId, Money amount, Outcome outcome, String raw) {

  public PaymentCallback(
      String eventId, String paymentNo, String bookingId, Money amount, Outcome outcome) {
    this(eventId, paymentNo, bookingId, amount, outcome, "");
  }

  public enum Outcome {
    SUCCEEDED,
    FAILED,
    REFUNDED,
    REFUND_FAILED
  }
}
