package fairslot.payment.app;

import fairslot.booking.app.BookingStore;
import fairslot.booking.domain.Booking;
import fairslot.kernel.Change;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.Payable;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentRecord;
import fairslot.money.domain.PaymentStatus;
import fairslot.payment.app.PaymentService.Applied;
import fairslot.payment.app.PaymentStore.SettleResult;
import fairslot.payment.domain.ProviderReport;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * What a provider reports, applied as the payment's own event: a notification or a query's finding.
 * Replays of an event id change nothing; an amount or number fairslot never gave out is finance's;
 * a success that can no longer buy its seat becomes a refund.
 */
final class ProviderReports {
  private static final int MAX_ROUNDS = 8;

  private final BookingStore bookings;
  private final PaymentStore payments;
  private final Refunds refunds;
  private final PassOrders passOrders;
  private final TopUpOrders topUpOrders;
  private final MembershipOrders membershipOrders;
  private final PaidFor paidFor;
  private final PaymentDecisions decisions;
  private final Clock clock;

  ProviderReports(
      BookingStore bookings,
      PaymentStore payments,
      Refunds refunds,
      PassOrders passOrders,
      TopUpOrders topUpOrders,
      MembershipOrders membershipOrders,
      PaidFor paidFor,
      PaymentDecisions decisions,
      Clock clock) {
    this.bookings = bookings;
    this.payments = payments;
    this.refunds = refunds;
    this.passOrders = passOrders;
    this.topUpOrders = topUpOrders;
    this.membershipOrders = membershipOrders;
    this.paidFor = paidFor;
    this.decisions = decisions;
    this.clock = clock;
  }

  /**
   * Applies what a provider reported of one of its orders or refunds (a notification, or a query
   * that found it), as the payment's own event. A number fairslot never gave out is finance's.
   */
  Outcome<Applied> report(ProviderReport r) {
    Optional<Payment> found =
        r.refundNo().isPresent()
            ? r.refundNo()
                .flatMap(payments::findRefund)
                .filter(p -> p.paymentNo().equals(r.paymentNo()))
            : payments.findPayment(r.paymentNo());
    if (found.isEmpty()) {
      flagUnknown(r);
      return Outcome.refused(Refusal.NOT_FOUND, "no payment " + r.paymentNo());
    }
    Payment p = found.get();
    return callback(
        new PaymentCallback(
            r.eventId(),
            p.paymentNo(),
            p.payable(),
            r.amount(),
            r.outcome(),
            r.raw(),
            r.refundNo()));
  }

  /**
   * A refund's outcome for a pass's or a top-up's payment (v1.3 pass refunds, a closed wallet): the
   * refund moves on the same decisions as a booking's; the pass or wallet changed when the refund
   * was made.
   */
  private Outcome<Applied> orderRefund(PaymentCallback event) {
    for (int round = 0; round < MAX_ROUNDS; round++) {
      Payment refund = paymentOf(event).orElseThrow();
      Optional<Settlement.Subject> paid = paidFor.subjectOf(refund);
      if (paid.isEmpty()) {
        throw new IllegalStateException(
            "payment " + refund.paymentNo() + " names a missing pass or top-up");
      }
      Settlement settlement = decisions.decideRefund(event, refund, paid.get(), clock.instant());
      SettleResult result = payments.settle(settlement);
      if (result instanceof SettleResult.Duplicate) {
        return Outcome.done(Applied.DUPLICATE);
      }
      if (result instanceof SettleResult.Applied) {
        if (event.outcome() == PaymentCallback.Outcome.REFUND_FAILED
            && refund.status() == PaymentStatus.REFUNDING) {
          refunds.failed(refund, "the provider reported the refund failed");
        }
        return Outcome.done(Applied.APPLIED);
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the pass is busy; the provider should retry");
  }

  /** A report fairslot cannot apply (an unknown number, another merchant's): kept for finance. */
  void flagUnknown(ProviderReport r) {
    payments.flag(
        r.eventId(),
        r.paymentNo(),
        FinanceException.open(
            FinanceException.Kind.UNKNOWN_PAYMENT,
            r.eventId(),
            Optional.empty(),
            Optional.empty(),
            Optional.of(r.paymentNo()),
            r.amount(),
            clock.instant()));
  }

  /**
   * The payment an event is about, or the refund part it names (which must be one of that
   * payment's: a number of another payment is no part of this one).
   */
  private Optional<Payment> paymentOf(PaymentCallback event) {
    return event.refundNo().isPresent()
        ? event
            .refundNo()
            .flatMap(payments::findRefund)
            .filter(p -> p.paymentNo().equals(event.paymentNo()))
        : payments.findPayment(event.paymentNo());
  }

  /** Applies a verified provider event. Replays of an event id change nothing. */
  Outcome<Applied> callback(PaymentCallback event) {
    Optional<Payment> found = paymentOf(event);
    if (found.isEmpty() || !found.get().payable().equals(event.payable())) {
      Optional<String> booking =
          event
              .payable()
              .match(
                  b -> Optional.of(b.bookingId()),
                  pass -> Optional.empty(),
                  t -> Optional.empty(),
                  m -> Optional.empty());
      payments.flag(
          event.eventId(),
          event.paymentNo(),
          FinanceException.open(
              FinanceException.Kind.UNKNOWN_PAYMENT,
              event.eventId(),
              booking.flatMap(bookings::findBooking).map(b -> b.slot().venueId()),
              booking,
              Optional.of(event.paymentNo()),
              event.amount(),
              clock.instant()));
      return Outcome.refused(
          Refusal.NOT_FOUND,
          "no payment "
              + event.paymentNo()
              + " for "
              + event.payable().kind()
              + " "
              + event.payable().id());
    }
    payments.received(
        event.paymentNo(),
        new PaymentRecord.Received(event.eventId(), event.outcome(), clock.instant(), event.raw()));
    // A refund event reports the money paid back, which a cancel tier may have made a part.
    Money expected = event.outcome().ofRefund() ? found.get().refund() : found.get().amount();
    if (!expected.equals(event.amount())) {
      payments.flag(
          event.eventId(),
          event.paymentNo(),
          FinanceException.open(
              FinanceException.Kind.AMOUNT_MISMATCH,
              event.eventId(),
              paidFor.venueOf(found.get()),
              // A pass's payment names no booking; finance finds the pass by its payment.
              found.get().bookingPaid(),
              Optional.of(event.paymentNo()),
              event.amount(),
              clock.instant()));
      return Outcome.refused(
          Refusal.AMOUNT_MISMATCH,
          "the amount does not match the booking; flagged for finance",
          Map.of("expectedMinor", expected.minor(), "expectedCurrency", expected.currency()));
    }
    if (found.get().payable() instanceof Payable.ForTopUp && !event.outcome().ofRefund()) {
      return topUpOrders.settle(event, found.get());
    }
    if (found.get().payable() instanceof Payable.ForMembership && !event.outcome().ofRefund()) {
      return membershipOrders.settle(event, found.get());
    }
    if (found.get().passId().isPresent() && !event.outcome().ofRefund()) {
      return passOrders.settle(event, found.get());
    }
    if (found.get().bookingPaid().isEmpty()) {
      return orderRefund(event); // a pass's, a top-up's or a membership's
    }
    for (int round = 0; round < MAX_ROUNDS; round++) {
      Payment payment = round == 0 ? found.get() : paymentOf(event).orElseThrow();
      Booking booking =
          bookings
              .findBooking(payment.payable().id())
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "payment " + payment.paymentNo() + " names a missing booking"));
      Instant now = clock.instant();
      Settlement settlement = decisions.decide(event, payment, booking, now);
      SettleResult result = payments.settle(settlement);
      if (result instanceof SettleResult.Duplicate) {
        return Outcome.done(Applied.DUPLICATE);
      }
      if (result instanceof SettleResult.Applied) {
        if (settlement instanceof Settlement.RefundLate) {
          refunds.attemptNow(payment.paymentNo());
        }
        if (event.outcome() == PaymentCallback.Outcome.REFUND_FAILED
            && settlement instanceof Settlement.NoteOnly
            && payment.status() == PaymentStatus.REFUNDING) {
          refunds.failed(payment, "the provider reported the refund failed");
        }
        return Outcome.done(Applied.APPLIED);
      }
      // no seat for a late payment, or a split payment's wallet part gone: the money goes back
      if (result instanceof SettleResult.NoSeat
          && (settlement instanceof Settlement.Revive
              || settlement instanceof Settlement.MarkPaid)) {
        SettleResult refund =
            payments.settle(
                new Settlement.RefundLate(
                    event.eventId(),
                    payment,
                    booking,
                    Change.by(
                        "provider",
                        now,
                        "paid after the hold expired and no seat was free: refund")));
        if (refund instanceof SettleResult.Applied) {
          refunds.attemptNow(payment.paymentNo());
          return Outcome.done(Applied.APPLIED);
        }
        if (refund instanceof SettleResult.Duplicate) {
          return Outcome.done(Applied.DUPLICATE);
        }
      }
      // Stale: the booking or payment moved under us (the sweep, a cancel); decide again.
    }
    return Outcome.refused(Refusal.THROTTLED, "the booking is busy; the provider should retry");
  }
}
