package fairslot.payment.app;

import fairslot.kernel.Money;
import fairslot.money.domain.Decline;
import fairslot.payment.domain.DisputeReport;
import fairslot.payment.domain.ProviderReport;

/** What a provider's notification turned out to be, once its adapter verified and read it. */
public sealed interface NotificationVerdict {
  /** Not from the provider, altered, stale or a probe: refused, and nothing is written. */
  record Refused(String why) implements NotificationVerdict {}

  /** From the provider: an outcome of one of our orders or refunds, as far as it says. */
  record Reported(ProviderReport report) implements NotificationVerdict {}

  /** From the provider, but for another merchant or app: finance looks at it. */
  record Foreign(ProviderReport report, String why) implements NotificationVerdict {}

  /**
   * From the provider: an attempt to pay one of our orders was declined; the order stays open for
   * another attempt (a Stripe {@code payment_intent.payment_failed}).
   */
  record Declined(String paymentNo, Decline decline) implements NotificationVerdict {}

  /**
   * From the provider: a payer disputed one of our payments with their bank, or the bank decided
   * the dispute (a Stripe {@code charge.dispute.created} or {@code charge.dispute.closed}).
   */
  record Disputed(DisputeReport report) implements NotificationVerdict {}

  /**
   * From the provider: a refund waits for something only a person can do (a Stripe refund in {@code
   * requires_action}: the payer must give bank details); finance is told once.
   */
  record RefundActionRequired(
      String eventId, String paymentNo, String refundNo, Money amount, String raw)
      implements NotificationVerdict {}

  /** From the provider, an event fairslot does not act on: acknowledged. */
  record Ignored(String eventType) implements NotificationVerdict {}
}
