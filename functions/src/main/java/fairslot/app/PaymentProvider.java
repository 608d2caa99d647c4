package fairslot.app;

import fairslot.domain.Payment;

/** Port: the payment service provider. Outcomes arrive later through the signed webhook. */
public interface PaymentProvider {

  /** The name shown to customers and kept on the payment. */
  String name();

  /** Asks the provider to collect the payment. */
  void charge(Payment payment);

  /** Asks the provider to refund; may complete at once (cash at the desk) or later by webhook. */
  RefundAttempt refund(Payment payment);

  enum RefundAttempt {
    ACCEPTED,
    COMPLETED,
    FAILED
  }
}
