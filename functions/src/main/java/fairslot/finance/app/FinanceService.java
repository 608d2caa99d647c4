package fairslot.finance.app;

import fairslot.booking.app.BookingStore;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.Venue;
import fairslot.kernel.Change;
import fairslot.kernel.Outcome;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import fairslot.money.domain.AbnormalRefund;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.FinanceException.Kind;
import fairslot.money.domain.FinanceException.Resolution;
import fairslot.money.domain.FinanceException.Status;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentStatus;
import fairslot.payment.app.PaymentProvider.RefundAttempt;
import fairslot.payment.app.PaymentStore;
import fairslot.payment.app.Refunds;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;

/**
 * Finance's work on exceptions (v1.1 "Finance"): list them, restart a failed refund, or resolve one
 * with a note. Each move is one transaction on condition that the exception, payment and booking
 * are as read; a repeat of a move already made answers with the exception as it is.
 */
public final class FinanceService {
  private static final int MAX_ROUNDS = 5;

  private final FinanceStore finance;
  private final PaymentStore payments;
  private final BookingStore bookings;
  private final CatalogStore catalog;
  private final Refunds refunds;
  private final Clock clock;

  public FinanceService(
      FinanceStore finance,
      PaymentStore payments,
      BookingStore bookings,
      CatalogStore catalog,
      Refunds refunds,
      Clock clock) {
    this.finance = finance;
    this.catalog = catalog;
    this.payments = payments;
    this.bookings = bookings;
    this.refunds = refunds;
    this.clock = clock;
  }

  /**
   * How many exceptions have been OPEN longer than {@code age} (read through the sparse status
   * index, every venue; exceptions are rare, and the count stops at {@code MAX_COUNTED}).
   */
  public int openLongerThan(Duration age) {
    Instant before = clock.instant().minus(age);
    int count = 0;
    int read = 0;
    Optional<String> cursor = Optional.empty();
    do {
      Page<FinanceException> page =
          finance.list(
              Optional.empty(), Status.OPEN, new PageRequest(PageRequest.MAX_LIMIT, cursor));
      for (FinanceException e : page.items()) {
        read++;
        if (e.createdAt().isBefore(before)) {
          count++;
        }
      }
      cursor = page.nextCursor();
    } while (cursor.isPresent() && read < MAX_COUNTED);
    return count;
  }

  static final int MAX_COUNTED = 10_000;

  public Page<FinanceException> list(Optional<String> venueId, Status status, PageRequest page) {
    return finance.list(venueId, status, page);
  }

  /** The zone an exception's times are shown in: its venue's, or UTC when it has none. */
  public ZoneId zoneOf(FinanceException e) {
    return e.venueId().flatMap(catalog::findVenue).map(Venue::timeZone).orElse(ZoneOffset.UTC);
  }

  public Outcome<FinanceException> find(String exceptionId) {
    return finance
        .find(exceptionId)
        .<Outcome<FinanceException>>map(Outcome::done)
        .orElseGet(() -> Outcome.refused(Refusal.NOT_FOUND, "no exception " + exceptionId));
  }

  /** REFUND_FAILED to REFUNDING: the refund job tries again from its first attempt. */
  public Outcome<FinanceException> retryRefund(String exceptionId, String actor) {
    for (int round = 0; round < MAX_ROUNDS; round++) {
      Optional<FinanceException> found = finance.find(exceptionId);
      if (found.isEmpty()) {
        return Outcome.refused(Refusal.NOT_FOUND, "no exception " + exceptionId);
      }
      FinanceException e = found.get();
      if (e.status() == Status.RESOLVED) {
        return e.resolution().equals(Optional.of(Resolution.REFUND_RETRIED))
            ? Outcome.done(e)
            : Outcome.refused(
                Refusal.INVALID_TRANSITION, "the exception is resolved already; nothing to retry");
      }
      if (e.kind() != Kind.REFUND_FAILED) {
        return Outcome.refused(
            Refusal.INVALID_TRANSITION, "only a REFUND_FAILED exception has a refund to retry");
      }
      Optional<Payment> payment = refundOf(e);
      if (payment.isEmpty() || payment.get().status() != PaymentStatus.REFUND_FAILED) {
        return Outcome.refused(
            Refusal.INVALID_TRANSITION, "the payment's refund is not in REFUND_FAILED");
      }
      Optional<Booking> booking = failedBooking(payment.get());
      Change change = Change.by(actor, clock.instant(), "refund restarted by finance");
      if (finance.retryRefund(e, Resolution.REFUND_RETRIED, payment.get(), booking, change)) {
        refunds.attemptNow(payment.get());
        return Outcome.done(finance.find(exceptionId).orElseThrow());
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the payment is busy; try again");
  }

  /**
   * An ABNORMAL refund (WeChat could not pay it back to where it came from) sent to another account
   * (API.md v1.3): the provider is asked first, under the same refund number; once it processes the
   * refund again, the exception is resolved ABNORMAL_REFUND_APPLIED and the payment and booking are
   * REFUNDING again, finished by the provider's notification or query. Asking twice answers the
   * same exception.
   */
  public Outcome<FinanceException> abnormalRefund(
      String exceptionId, AbnormalRefund to, String actor) {
    for (int round = 0; round < MAX_ROUNDS; round++) {
      Optional<FinanceException> found = finance.find(exceptionId);
      if (found.isEmpty()) {
        return Outcome.refused(Refusal.NOT_FOUND, "no exception " + exceptionId);
      }
      FinanceException e = found.get();
      if (e.status() == Status.RESOLVED) {
        return e.resolution().equals(Optional.of(Resolution.ABNORMAL_REFUND_APPLIED))
            ? Outcome.done(e)
            : Outcome.refused(Refusal.INVALID_TRANSITION, "the exception is resolved already");
      }
      Optional<Payment> payment = refundOf(e);
      if (e.kind() != Kind.REFUND_ABNORMAL
          || payment.isEmpty()
          || payment.get().status() != PaymentStatus.REFUND_FAILED) {
        return Outcome.refused(
            Refusal.INVALID_TRANSITION, "only an ABNORMAL refund can be sent elsewhere");
      }
      RefundAttempt asked = refunds.applyAbnormal(payment.get(), to);
      if (asked instanceof RefundAttempt.Refused refused) {
        return Outcome.refused(
            Refusal.INVALID_TRANSITION,
            "the provider refused: " + refused.code(),
            Map.of("providerCode", refused.code()));
      }
      if (!(asked instanceof RefundAttempt.Accepted)) {
        return Outcome.refused(Refusal.THROTTLED, "the provider is busy; try again");
      }
      Change change =
          Change.by(actor, clock.instant(), "abnormal refund sent to " + to.type().name());
      if (finance.retryRefund(
          e,
          Resolution.ABNORMAL_REFUND_APPLIED,
          payment.get(),
          failedBooking(payment.get()),
          change)) {
        return Outcome.done(finance.find(exceptionId).orElseThrow());
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the payment is busy; try again");
  }

  /**
   * OPEN to RESOLVED with a note. REFUNDED_OFFLINE of a failed refund also records the money as
   * returned: payment and booking REFUNDED.
   */
  public Outcome<FinanceException> resolve(
      String exceptionId, Resolution how, String note, String actor) {
    for (int round = 0; round < MAX_ROUNDS; round++) {
      Optional<FinanceException> found = finance.find(exceptionId);
      if (found.isEmpty()) {
        return Outcome.refused(Refusal.NOT_FOUND, "no exception " + exceptionId);
      }
      FinanceException e = found.get();
      if (e.status() == Status.RESOLVED) {
        return Outcome.done(e);
      }
      Optional<Payment> refundedOffline = Optional.empty();
      Optional<Booking> booking = Optional.empty();
      if (how == Resolution.REFUNDED_OFFLINE && e.kind() == Kind.REFUND_FAILED) {
        Optional<Payment> payment = refundOf(e);
        if (payment.isEmpty() || payment.get().status() != PaymentStatus.REFUND_FAILED) {
          return Outcome.refused(
              Refusal.INVALID_TRANSITION, "the payment's refund is not in REFUND_FAILED");
        }
        refundedOffline = payment;
        booking = failedBooking(payment.get());
      }
      FinanceException resolved = e.resolved(how, note, actor);
      Change change = Change.by(actor, clock.instant(), how + ": " + note);
      if (finance.resolve(e, resolved, refundedOffline, booking, change)) {
        return Outcome.done(resolved);
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the exception is busy; try again");
  }

  /** The refund an exception is about: one part of its payment, or the payment's own. */
  private Optional<Payment> refundOf(FinanceException e) {
    return e.refundNo().isPresent()
        ? e.refundNo().flatMap(payments::findRefund)
        : e.paymentNo().flatMap(payments::findPayment);
  }

  /**
   * The payment's booking, if the failed refund left it REFUND_FAILED (a cancel's refund; a part's
   * refund leaves its booking as it is).
   */
  private Optional<Booking> failedBooking(Payment payment) {
    if (payment.isPart()) {
      return Optional.empty();
    }
    Optional<Booking> lead = payment.bookingPaid().flatMap(bookings::findBooking);
    if (lead.isEmpty() || lead.get().status() == BookingStatus.REFUND_FAILED) {
      return lead;
    }
    // a booking of several slots whose first slot was cancelled alone: its refunding lines
    return bookings.otherLines(lead.get()).stream()
        .filter(l -> l.status() == BookingStatus.REFUND_FAILED)
        .findFirst();
  }
}
