package fairslot.payment.app;

import fairslot.booking.domain.Booking;
import fairslot.kernel.Change;
import fairslot.kernel.Money;
import fairslot.money.domain.Decline;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.MoneyMove;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentRecord;
import fairslot.money.domain.WalletPart;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Port: payments and the provider events applied to them. Each operation is one transaction. */
public interface PaymentStore extends PaymentCheckStore {

  /**
   * Records a new payment for a PENDING_PAY booking whose hold is still running and has none yet.
   */
  StartResult start(Booking booking, Payment payment, Change change);

  /**
   * As {@link #start}, for the rest of a split payment (v1.3 {@code rest}): the wallet part is
   * taken in the same transaction, on condition the wallet still holds its share ({@link
   * StartResult.WalletMoved} if not).
   */
  StartResult startSplit(Booking booking, Payment payment, WalletPart part, Change change);

  Optional<Payment> findPayment(String paymentNo);

  /**
   * The wallet part of a split payment whose rest is {@code paymentNo}, as it is now; else empty.
   */
  Optional<WalletPart> walletPartOf(String paymentNo);

  /** Refund part {@code n} (from 1) of a payment, seen from that part. */
  Optional<Payment> findPart(String paymentNo, int n);

  /** A payment's refund parts, first first (none for most). */
  List<Payment> partsOf(String paymentNo);

  /**
   * The payment, or its refund part, a provider's refund number names ({@link Payment#refundNo()});
   * empty for a number fairslot never gave out.
   */
  default Optional<Payment> findRefund(String refundNo) {
    // fairslot's refund numbers fit WeChat's out_refund_no (64); a longer one was never given out
    if (!refundNo.startsWith("R") || refundNo.length() > 64) {
      return Optional.empty();
    }
    String rest = refundNo.substring(1);
    Optional<Payment> whole = findPayment(rest);
    if (whole.isPresent()) {
      return whole;
    }
    int cut = rest.lastIndexOf(Payment.PART_SEPARATOR);
    if (cut < 1) {
      return Optional.empty();
    }
    try {
      int n = Integer.parseInt(rest.substring(cut + 1));
      return n >= 1 ? findPart(rest.substring(0, cut), n) : Optional.empty();
    } catch (NumberFormatException notAPart) {
      return Optional.empty();
    }
  }

  /**
   * Applies one provider event. Every settlement also writes the event id with
   * attribute_not_exists, so a replayed event changes nothing ({@link SettleResult.Duplicate}).
   */
  SettleResult settle(Settlement settlement);

  /**
   * The money moves recorded at or after {@code from} and before {@code to}, of every provider (the
   * statement check's other direction: money fairslot holds that a statement lacks).
   */
  List<MoneyMove> moneyMoves(Instant from, Instant to);

  /** How long a payment waits for its provider's notification before the provider is asked. */
  Duration FIRST_CHECK = Payment.FIRST_CHECK;

  /**
   * Keeps a refused provider event (a wrong amount, an unknown payment) as a finance exception,
   * remembering the event id in the same transaction. False if the event was seen before: the
   * exception exists already, exactly once.
   */
  boolean flag(String eventId, String paymentNo, FinanceException exception);

  /**
   * A dispute's state in one transaction: the event remembered, its exception written and, when the
   * venue lost {@code lost}, the paid booking marked disputed. False if the event was seen before:
   * all of it was written once already.
   */
  boolean dispute(
      String eventId, Payment payment, FinanceException exception, Optional<Money> lost);

  /** The OPEN exception resolved because the provider closed its matter; else left alone. */
  void closeException(String exceptionId, String note, Instant at);

  /**
   * Keeps a callback as received (its raw body too) in the payment's record. A replayed event id
   * keeps the first receipt.
   */
  void received(String paymentNo, PaymentRecord.Received event);

  /**
   * Keeps a declined attempt as the open payment's {@code lastError}, on condition it is still
   * PENDING and no later decline is kept; false when it was not kept (settled, or older).
   */
  boolean noteDecline(String paymentNo, Decline decline);

  /** Every payment of the booking, each with the callbacks received for it, oldest first. */
  List<PaymentRecord> paymentsOf(String bookingId);

  sealed interface StartResult {
    record Started(Payment payment) implements StartResult {}

    /** The booking already has a payment in flight: here it is. */
    record AlreadyStarted(String paymentNo) implements StartResult {}

    /** The booking is not payable now (status moved, or the hold ran out). */
    record NotPayable(Booking current) implements StartResult {}

    /** A split payment's wallet no longer holds the part as read: read it again. */
    record WalletMoved() implements StartResult {}
  }

  sealed interface SettleResult {
    record Applied() implements SettleResult {}

    record Duplicate() implements SettleResult {}

    /** Revive only: no seat (or the member's time or the slot) is free any more. */
    record NoSeat() implements SettleResult {}

    /** The booking or payment moved meanwhile: read again and decide again. */
    record Stale() implements SettleResult {}

    /** A wallet payment: the wallet holds less than it takes (as it is now: read it again). */
    record ShortOfFunds() implements SettleResult {}
  }
}
