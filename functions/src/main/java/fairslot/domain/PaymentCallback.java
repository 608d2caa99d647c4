package fairslot.domain;

/** A provider's webhook body, after its signature was verified. */
public record PaymentCallback(
    String eventId, String paymentNo, String bookingId, Money amount, Outcome outcome) {

  public enum Outcome {
    SUCCEEDED,
    FAILED,
    REFUNDED,
    REFUND_FAILED
  }
}
