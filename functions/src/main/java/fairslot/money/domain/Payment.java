package fairslot.money.domain;

import fairslot.kernel.Money;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * One attempt to collect a booking's amount, as snapshotted when the customer chose to pay. {@code
 * refundRound} counts finance's restarts of a failed refund: each round's give-up is a new event.
 * {@code refund} is what a refund pays back: the whole amount, or a cancel tier's part of it. What
 * it pays for is its {@link Payable}: a booking or a pass.
 *
 * <p>{@code refundPart} 0 is the payment itself, whose status carries its one full or tiered
 * refund. A part {@code n >= 1} is a refund of some of the money while the payment stays SUCCEEDED
 * (a reschedule to a cheaper slot): the same payment seen from that refund, its status, attempts
 * and {@code refund} the part's own, kept in an item of its own beside the payment.
 */
public record Payment(
    String paymentNo,
    Payable payable,
    String userId,
    Money amount,
    String provider,
    PaymentStatus status,
    int refundAttempts,
    Instant createdAt,
    int refundRound,
    Money refund,
    int refundPart) {
  /** How long a payment waits for its provider's notification before the provider is asked. */
  public static final Duration FIRST_CHECK = Duration.ofMinutes(3);

  public Payment {
    if (refundPart < 0) {
      throw new IllegalArgumentException("refund part " + refundPart);
    }
  }

  /** A payment as it is kept (not one of its refund parts). */
  public Payment(
      String paymentNo,
      Payable payable,
      String userId,
      Money amount,
      String provider,
      PaymentStatus status,
      int refundAttempts,
      Instant createdAt,
      int refundRound,
      Money refund) {
    this(
        paymentNo,
        payable,
        userId,
        amount,
        provider,
        status,
        refundAttempts,
        createdAt,
        refundRound,
        refund,
        0);
  }

  /** One of this payment's refunds of a part of it, {@code n >= 1}, as just asked for. */
  public Payment part(int n, Money part, Instant at) {
    if (n < 1) {
      throw new IllegalArgumentException("a refund part is numbered from 1: " + n);
    }
    return new Payment(
        paymentNo, payable, userId, amount, provider, PaymentStatus.REFUNDING, 0, at, 0, part, n);
  }

  /** The same payment (or refund part) with its refund's status and attempt count as given. */
  public Payment withRefund(PaymentStatus to, int attempts) {
    return new Payment(
        paymentNo,
        payable,
        userId,
        amount,
        provider,
        to,
        attempts,
        createdAt,
        refundRound,
        refund,
        refundPart);
  }

  /** This is one of the payment's refund parts, not the payment itself. */
  public boolean isPart() {
    return refundPart > 0;
  }

  /** The pass this payment pays for, if it pays for one. */
  public Optional<String> passId() {
    return payable instanceof Payable.ForPass p ? Optional.of(p.passId()) : Optional.empty();
  }

  /** The booking this payment pays for, if it pays for one. */
  public Optional<String> bookingPaid() {
    return payable instanceof Payable.ForBooking b ? Optional.of(b.bookingId()) : Optional.empty();
  }

  /**
   * The refund's number at the provider ({@code out_refund_no}, Stripe's idempotency key): one per
   * refund, the same on every attempt and round, so asking again can never pay the money twice. The
   * payment's own refund keeps {@code R<paymentNo>}; its part n is {@code R<paymentNo>-n}.
   */
  public String refundNo() {
    return refundNo(paymentNo, refundPart);
  }

  /** The provider's number of part {@code n} of payment {@code paymentNo} (0: its own refund). */
  public static String refundNo(String paymentNo, int n) {
    return n == 0 ? "R" + paymentNo : "R" + paymentNo + PART_SEPARATOR + n;
  }

  /** Between a payment's number and a part's in a refund number. */
  public static final String PART_SEPARATOR = "-";

  /** A booking's payment whose refund, if one is ever owed, is the whole amount. */
  public Payment(
      String paymentNo,
      String bookingId,
      String userId,
      Money amount,
      String provider,
      PaymentStatus status,
      int refundAttempts,
      Instant createdAt,
      int refundRound) {
    this(
        paymentNo,
        new Payable.ForBooking(bookingId),
        userId,
        amount,
        provider,
        status,
        refundAttempts,
        createdAt,
        refundRound,
        amount);
  }

  public Payment(
      String paymentNo,
      String bookingId,
      String userId,
      Money amount,
      String provider,
      PaymentStatus status,
      int refundAttempts,
      Instant createdAt) {
    this(paymentNo, bookingId, userId, amount, provider, status, refundAttempts, createdAt, 0);
  }
}
