package fairslot.payment.app;

import fairslot.booking.domain.Booking;
import fairslot.kernel.Change;
import fairslot.kernel.Money;
import fairslot.member.domain.MemberCalendar;
import fairslot.money.domain.Decline;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.MoneyMove;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentRecord;
import fairslot.money.domain.PaymentStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/** Port: payments and the provider events applied to them. Each operation is one transaction. */
public interface PaymentStore {

  /**
   * Records a new payment for a PENDING_PAY booking whose hold is still running and has none yet.
   */
  StartResult start(Booking booking, Payment payment, Change change);

  Optional<Payment> findPayment(String paymentNo);

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

  /** PENDING payments due to be asked about at {@code now} (sparse paymentsPending index). */
  List<Payment> pendingDue(Instant now, int limit);

  /**
   * The next time to ask about a PENDING payment, on condition it is still PENDING; false when it
   * settled meanwhile.
   */
  boolean schedulePendingCheck(Payment seen, Instant nextAt);

  /** Takes a PENDING payment out of the checks (its provider cannot be asked); false if settled. */
  boolean stopPendingChecks(Payment seen);

  /** Payments whose refund is due to be (re)tried at {@code now} (sparse refundsDue index). */
  List<Payment> refundsDue(Instant now, int limit);

  /**
   * Sets the refund's attempt count and next due time, on condition the payment is still REFUNDING
   * with the attempt count in {@code seen}; false if someone else changed it first.
   */
  boolean scheduleRefund(Payment seen, int attempts, Instant nextAt);

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
  }

  sealed interface Settlement {
    String eventId();

    Payment payment();

    Change change();

    /**
     * The finance exception this settlement raises, written in its transaction: a late payment sent
     * back, or a refund given up.
     */
    default Optional<FinanceException> raises() {
      FinanceException.Kind kind;
      Booking b;
      Money amount = payment().refund(); // what is owed back: all of a late payment, a tier's part
      boolean afterFailure = payment().status() == PaymentStatus.FAILED;
      if (afterFailure && this instanceof MarkPaid m) {
        kind = FinanceException.Kind.SUCCESS_AFTER_FAILURE;
        b = m.booking();
        amount = payment().amount();
      } else if (afterFailure && this instanceof Revive r) {
        kind = FinanceException.Kind.SUCCESS_AFTER_FAILURE;
        b = r.booking();
        amount = payment().amount();
      } else if (afterFailure && this instanceof RefundLate l) {
        kind = FinanceException.Kind.SUCCESS_AFTER_FAILURE;
        b = l.booking();
        amount = payment().amount();
      } else if (this instanceof Unapplied u) {
        kind = FinanceException.Kind.OUTCOME_NOT_APPLIED;
        b = u.booking();
        amount = payment().amount();
      } else if (this instanceof RefundLate l) {
        kind = FinanceException.Kind.LATE_PAYMENT_REFUNDED;
        b = l.booking();
      } else if (this instanceof RefundGivenUp g) {
        kind =
            g.abnormal()
                ? FinanceException.Kind.REFUND_ABNORMAL
                : FinanceException.Kind.REFUND_FAILED;
        b = g.booking();
      } else {
        return Optional.empty();
      }
      var exception =
          FinanceException.open(
              kind,
              eventId(),
              Optional.of(b.slot().venueId()),
              Optional.of(b.bookingId()),
              Optional.of(payment().paymentNo()),
              amount,
              change().at());
      if (this instanceof RefundGivenUp g && g.providerCode().isPresent()) {
        exception = exception.withProviderCode(g.providerCode().get());
      }
      return Optional.of(
          payment().isPart() ? exception.aboutRefund(payment().refundNo()) : exception);
    }

    /** PENDING_PAY to PAID; payment SUCCEEDED. */
    record MarkPaid(String eventId, Payment payment, Booking booking, Change change)
        implements Settlement {}

    /** EXPIRED to PAID after a late success: takes a seat again if one is free. */
    record Revive(
        String eventId,
        Payment payment,
        Booking booking,
        List<MemberCalendar> calendars,
        Change change,
        OptionalInt upcomingLimit,
        boolean checkStanding)
        implements Settlement {

      /** A revive under no venue limit and no no-show rule. */
      public Revive(
          String eventId,
          Payment payment,
          Booking booking,
          List<MemberCalendar> calendars,
          Change change) {
        this(eventId, payment, booking, calendars, change, OptionalInt.empty(), false);
      }
    }

    /** Money that cannot buy its seat any more: payment REFUNDING, refund due now. */
    record RefundLate(String eventId, Payment payment, Booking booking, Change change)
        implements Settlement {}

    /** The charge failed: payment FAILED and the booking may be paid again. */
    record Failed(String eventId, Payment payment, Booking booking, Change change)
        implements Settlement {}

    /** The refund went through: payment REFUNDED, and a REFUNDING booking becomes REFUNDED. */
    record Refunded(String eventId, Payment payment, Booking booking, Change change)
        implements Settlement {}

    /**
     * The refund is given up for staff: payment REFUND_FAILED, a REFUNDING booking REFUND_FAILED.
     */
    record RefundGivenUp(
        String eventId,
        Payment payment,
        Booking booking,
        Change change,
        boolean abnormal,
        Optional<String> providerCode)
        implements Settlement {
      /** Given up after the last attempt. */
      public RefundGivenUp(String eventId, Payment payment, Booking booking, Change change) {
        this(eventId, payment, booking, change, false, Optional.empty());
      }

      public RefundGivenUp(
          String eventId, Payment payment, Booking booking, Change change, boolean abnormal) {
        this(eventId, payment, booking, change, abnormal, Optional.empty());
      }
    }

    /**
     * Staff took the money at the desk: an offline SUCCEEDED payment and PENDING_PAY to PAID,
     * together.
     */
    record PaidOffline(String eventId, Payment payment, Booking booking, Change change)
        implements Settlement {}

    /**
     * An outcome that contradicts what the payment is (a failure after a success, a refund nobody
     * asked for): nothing moves, and finance is told.
     */
    record Unapplied(String eventId, Payment payment, Booking booking, Change change)
        implements Settlement {}

    /** An event that changes nothing but must still be remembered (e.g. a second success). */
    record NoteOnly(String eventId, Payment payment, Change change) implements Settlement {}
  }

  sealed interface SettleResult {
    record Applied() implements SettleResult {}

    record Duplicate() implements SettleResult {}

    /** Revive only: no seat (or the member's time or the slot) is free any more. */
    record NoSeat() implements SettleResult {}

    /** The booking or payment moved meanwhile: read again and decide again. */
    record Stale() implements SettleResult {}
  }
}
