package fairslot.money.domain;

/**
 * A payment's life at the provider. REFUNDING is entered both when a paid booking is cancelled and
 * when money arrives for a booking that can no longer have its seat: money is never silently kept.
 */
public enum PaymentStatus {
  PENDING,
  SUCCEEDED,
  FAILED,
  REFUNDING,
  REFUNDED,
  REFUND_FAILED
}
