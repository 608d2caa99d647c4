package fairslot.money.domain;

import fairslot.kernel.Money;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A part of a SUCCEEDED payment to refund while its booking stays paid (a reschedule to a cheaper
 * slot refunds the difference): judged from the payment and its parts as read, made on condition
 * the payment is still SUCCEEDED with as many parts as were read. What may still be refunded
 * afterwards ({@code refundableAfter}) is kept on the payment, so a later cancel cannot refund more
 * than is left.
 */
public record RefundPartPlan(
    Payment payment, int partsBefore, Money refundableAfter, Payment part) {

  public RefundPartPlan {
    if (payment.isPart() || !part.isPart() || part.refundPart() != partsBefore + 1) {
      throw new IllegalArgumentException("part " + part.refundPart() + " after " + partsBefore);
    }
    if (refundableAfter.minor() < 0) {
      throw new IllegalArgumentException("refunds beyond the payment: " + refundableAfter);
    }
  }

  /**
   * Part {@code partsBefore + 1} of {@code amount} from {@code payment}, whose earlier parts are
   * {@code parts}; refused (empty) when the payment is not SUCCEEDED or holds less than that.
   */
  public static Optional<RefundPartPlan> of(
      Payment payment, List<Payment> parts, Money amount, Instant at) {
    long refunded = parts.stream().mapToLong(p -> p.refund().minor()).sum();
    long left = payment.amount().minor() - refunded - amount.minor();
    if (payment.status() != PaymentStatus.SUCCEEDED
        || amount.minor() <= 0
        || left < 0
        || !amount.currency().equals(payment.amount().currency())) {
      return Optional.empty();
    }
    return Optional.of(
        new RefundPartPlan(
            payment,
            parts.size(),
            new Money(left, payment.amount().currency()),
            payment.part(parts.size() + 1, amount, at)));
  }
}
