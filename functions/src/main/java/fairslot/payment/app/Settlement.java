package fairslot.payment.app;

import fairslot.booking.domain.Booking;
import fairslot.kernel.Change;
import fairslot.kernel.Money;
import fairslot.member.domain.MemberCalendar;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.WalletShare;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

public sealed interface Settlement {
  String eventId();

  Payment payment();

  Change change();

  /**
   * The finance exception this settlement raises, written in its transaction: a late payment sent
   * back, or a refund given up.
   */
  default Optional<FinanceException> raises() {
    FinanceException.Kind kind;
    Subject b;
    Money amount = payment().refund(); // what is owed back: all of a late payment, a tier's part
    boolean afterFailure = payment().status() == PaymentStatus.FAILED;
    if (afterFailure && this instanceof MarkPaid m) {
      kind = FinanceException.Kind.SUCCESS_AFTER_FAILURE;
      b = new Subject.OfBooking(m.booking());
      amount = payment().amount();
    } else if (afterFailure && this instanceof Revive r) {
      kind = FinanceException.Kind.SUCCESS_AFTER_FAILURE;
      b = new Subject.OfBooking(r.booking());
      amount = payment().amount();
    } else if (afterFailure && this instanceof RefundLate l) {
      kind = FinanceException.Kind.SUCCESS_AFTER_FAILURE;
      b = new Subject.OfBooking(l.booking());
      amount = payment().amount();
    } else if (this instanceof Unapplied u) {
      kind = FinanceException.Kind.OUTCOME_NOT_APPLIED;
      b = u.subject();
      amount = payment().amount();
    } else if (this instanceof RefundLate l) {
      kind = FinanceException.Kind.LATE_PAYMENT_REFUNDED;
      b = new Subject.OfBooking(l.booking());
    } else if (this instanceof RefundGivenUp g) {
      kind =
          g.abnormal()
              ? FinanceException.Kind.REFUND_ABNORMAL
              : FinanceException.Kind.REFUND_FAILED;
      b = g.subject();
    } else {
      return Optional.empty();
    }
    var exception =
        FinanceException.open(
            kind,
            eventId(),
            Optional.of(b.venueId()),
            b.bookingId(),
            Optional.of(payment().paymentNo()),
            amount,
            change().at());
    if (this instanceof RefundGivenUp g && g.providerCode().isPresent()) {
      exception = exception.withProviderCode(g.providerCode().get());
    }
    return Optional.of(
        payment().isPart() ? exception.aboutRefund(payment().refundNo()) : exception);
  }

  /**
   * What a payment that settles paid for, as a refund's or an unapplied outcome's settlement needs
   * it: a booking (which moves with its payment's own refund) or a pass (whose credits were voided
   * when its refund was made, so only the payment moves).
   */
  sealed interface Subject {
    String venueId();

    Optional<String> bookingId();

    record OfBooking(Booking booking) implements Subject {
      @Override
      public String venueId() {
        return booking.slot().venueId();
      }

      @Override
      public Optional<String> bookingId() {
        return Optional.of(booking.bookingId());
      }
    }

    record OfPass(String passId, String venueId) implements Subject {
      @Override
      public Optional<String> bookingId() {
        return Optional.empty();
      }
    }

    /** A membership's payment, sent back (only the payment moves). */
    record OfMembership(String membershipId, String venueId) implements Subject {
      @Override
      public Optional<String> bookingId() {
        return Optional.empty();
      }
    }

    /** A top-up's payment, refunded in part when its wallet was closed (only the payment moves). */
    record OfTopUp(String topUpId, String venueId) implements Subject {
      @Override
      public Optional<String> bookingId() {
        return Optional.empty();
      }
    }
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
  record Refunded(String eventId, Payment payment, Subject subject, Change change)
      implements Settlement {
    public Refunded(String eventId, Payment payment, Booking booking, Change change) {
      this(eventId, payment, new Subject.OfBooking(booking), change);
    }
  }

  /** The refund is given up for staff: payment REFUND_FAILED, a REFUNDING booking REFUND_FAILED. */
  record RefundGivenUp(
      String eventId,
      Payment payment,
      Subject subject,
      Change change,
      boolean abnormal,
      Optional<String> providerCode)
      implements Settlement {
    /** Given up after the last attempt. */
    public RefundGivenUp(String eventId, Payment payment, Booking booking, Change change) {
      this(eventId, payment, new Subject.OfBooking(booking), change, false, Optional.empty());
    }

    public RefundGivenUp(
        String eventId, Payment payment, Booking booking, Change change, boolean abnormal) {
      this(eventId, payment, new Subject.OfBooking(booking), change, abnormal, Optional.empty());
    }

    public RefundGivenUp(
        String eventId, Payment payment, Subject subject, Change change, boolean abnormal) {
      this(eventId, payment, subject, change, abnormal, Optional.empty());
    }
  }

  /**
   * Staff took the money at the desk: an offline SUCCEEDED payment and PENDING_PAY to PAID,
   * together.
   */
  record PaidOffline(String eventId, Payment payment, Booking booking, Change change)
      implements Settlement {}

  /**
   * A member paid from their wallet (v1.3 "One ledger"): the wallet payment written SUCCEEDED with
   * the share it took, the wallet debited by it with its ledger entry (on condition each part
   * covers its part), and PENDING_PAY to PAID, together.
   */
  record PaidFromWallet(
      String eventId, Payment payment, Booking booking, Change change, WalletShare share)
      implements Settlement {}

  /**
   * An outcome that contradicts what the payment is (a failure after a success, a refund nobody
   * asked for): nothing moves, and finance is told.
   */
  record Unapplied(String eventId, Payment payment, Subject subject, Change change)
      implements Settlement {
    public Unapplied(String eventId, Payment payment, Booking booking, Change change) {
      this(eventId, payment, new Subject.OfBooking(booking), change);
    }
  }

  /** An event that changes nothing but must still be remembered (e.g. a second success). */
  record NoteOnly(String eventId, Payment payment, Change change) implements Settlement {}
}
