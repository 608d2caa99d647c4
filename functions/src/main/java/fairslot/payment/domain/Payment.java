package fairslot.payment.domain;

import fairslot.kernel.Money;
import java.time.Instant;

/**
 * One attempt to collect a booking's amount, as snapshotted when the customer chose to pay. {@code
 * refundRound} counts finance's restarts of a failed refund: each round's give-up is a new event.
 * {@code refund} is what a refund pays back: the whole amount, or a cancel tier's part of it. A
 * pass's payment ({@code forPass}) names the pass in {@code bookingId}.
 */
public record Payment(
    String paymentNo,
    String bookingId,
    String userId,
    Money amount,
    String provider,
    PaymentStatus status,
    int refundAttempts,
    Instant createdAt,
    int refundRound,
    Money refund,
    boolean forPass) {

  /** What the payment pays for: a booking, or (with {@code forPass}) the pass {@code bookingId}. */
  public java.util.Optional<String> passId() {
    return forPass ? java.util.Optional.of(bookingId) : java.util.Optional.empty();
  }

  /**
   * The refund's number at the provider ({@code out_refund_no}, Stripe's idempotency key): one per
   * payment, the same on every attempt and round, so asking again can never pay the money twice.
   */
  public String refundNo() {
    return "R" + paymentNo;
  }

  /** A payment whose refund, if one is ever owed, is the whole amount. */
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
        bookingId,
        userId,
        amount,
        provider,
        status,
        refundAttempts,
        createdAt,
        refundRound,
        amount,
        false);
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
