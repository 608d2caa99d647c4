package fairslot.money.domain;

import java.time.Instant;
import java.util.Optional;

/**
 * A moment money moved at a provider, as fairslot recorded it: a payment's money taken, or its
 * refund paid back, or one of its refund parts ({@code refundPart} from 1) paid back. The statement
 * check looks for a line for each one. Which payment moves count is decided here only, so the
 * DynamoDB store and its fake list the same moves.
 */
public record MoneyMove(String paymentNo, Kind kind, Instant at, int refundPart) {

  /** A move of the payment itself (not of one of its refund parts). */
  public MoneyMove(String paymentNo, Kind kind, Instant at) {
    this(paymentNo, kind, at, 0);
  }

  public enum Kind {
    /** The provider took the money: PENDING or FAILED to SUCCEEDED, or a late payment's refund. */
    PAID,
    /** The provider paid the refund back (not finance marking a refund paid by hand). */
    REFUNDED
  }

  /** The move a payment's status change {@code from} → {@code to} makes, if it moves money. */
  public static Optional<Kind> of(String from, String to) {
    boolean wasOpen =
        from.equals(PaymentStatus.PENDING.name()) || from.equals(PaymentStatus.FAILED.name());
    if (wasOpen
        && (to.equals(PaymentStatus.SUCCEEDED.name())
            || to.equals(PaymentStatus.REFUNDING.name()))) {
      return Optional.of(Kind.PAID);
    }
    if (from.equals(PaymentStatus.REFUNDING.name()) && to.equals(PaymentStatus.REFUNDED.name())) {
      return Optional.of(Kind.REFUNDED);
    }
    return Optional.empty();
  }
}
