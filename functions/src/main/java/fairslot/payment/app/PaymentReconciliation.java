package fairslot.payment.app;

import fairslot.booking.app.BookingStore;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.kernel.JobLoop;
import fairslot.kernel.JobReport;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.payment.app.PaymentProvider.Closing;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The payments-reconcile job: WeChat sends nothing when a payment fails and gives up on a
 * notification after a day, so every payment still PENDING a few minutes after it started is asked
 * about. What the provider reports is applied exactly as its notification would be (the same event
 * id, so the two apply once). A payment whose hold has lapsed has its order closed; "paid" from the
 * close is a late payment, which the query that follows applies.
 */
public final class PaymentReconciliation {
  static final Duration RECHECK = Duration.ofMinutes(5);

  /** A pass's order has no hold; it is closed after this long unpaid. */
  static final Duration PASS_ORDER_LIFETIME = Duration.ofHours(2);

  private final PaymentStore payments;
  private final BookingStore bookings;
  private final PaymentProviders providers;
  private final PaymentService service;
  private final Clock clock;

  public PaymentReconciliation(
      PaymentStore payments,
      BookingStore bookings,
      PaymentProviders providers,
      PaymentService service,
      Clock clock) {
    this.payments = payments;
    this.bookings = bookings;
    this.providers = providers;
    this.service = service;
    this.clock = clock;
  }

  public JobReport run(int limit) {
    var due = payments.pendingDue(clock.instant(), limit);
    return JobLoop.run("payments-reconcile", due, due.size(), p -> JobLoop.one(check(p)));
  }

  /** True when an outcome was applied. */
  boolean check(Payment p) {
    PaymentProvider provider = providers.of(p);
    if (!provider.answersQueries()) {
      payments.stopPendingChecks(p);
      return false;
    }
    Instant now = clock.instant();
    Optional<PaymentCallback> found = ask(provider, p);
    if (found.isEmpty() && lapsed(p, now)) {
      Closing closing;
      try {
        closing = provider.close(p);
      } catch (RuntimeException providerDown) {
        closing = Closing.UNKNOWN;
      }
      if (closing != Closing.UNKNOWN) {
        found = ask(provider, p); // CLOSED, or paid just before the close
      }
    }
    if (found.isPresent()) {
      service.callback(found.get());
      return true;
    }
    payments.schedulePendingCheck(p, now.plus(RECHECK));
    return false;
  }

  private static Optional<PaymentCallback> ask(PaymentProvider provider, Payment p) {
    try {
      return provider.query(p);
    } catch (RuntimeException providerDown) {
      return Optional.empty(); // asked again at the next check
    }
  }

  /** The payment can no longer buy what it was for: its order should not stay payable. */
  private boolean lapsed(Payment p, Instant now) {
    return p.payable()
        .match(
            paid -> {
              Optional<Booking> booking = bookings.findBooking(paid.bookingId());
              return booking.isEmpty()
                  || booking.get().status() != BookingStatus.PENDING_PAY
                  || !booking.get().paymentNo().map(p.paymentNo()::equals).orElse(false)
                  || booking.get().statusAt(now) == BookingStatus.EXPIRED;
            },
            pass -> !p.createdAt().plus(PASS_ORDER_LIFETIME).isAfter(now),
            topUp -> !p.createdAt().plus(PASS_ORDER_LIFETIME).isAfter(now),
            membership -> !p.createdAt().plus(PASS_ORDER_LIFETIME).isAfter(now));
  }
}
