package fairslot.payment.app;

import fairslot.booking.app.BookingStore;
import fairslot.booking.app.RefundRequests;
import fairslot.kernel.Change;
import fairslot.kernel.JobLoop;
import fairslot.kernel.JobReport;
import fairslot.kernel.Money;
import fairslot.membership.app.MembershipStore;
import fairslot.money.domain.AbnormalRefund;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.RefundPartPlan;
import fairslot.pass.app.PassStore;
import fairslot.payment.app.PaymentProvider.RefundAttempt;
import fairslot.wallet.app.WalletStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Asks providers for refunds that are owed, with exponential backoff, and hands a refund to staff
 * (REFUND_FAILED) after {@link #MAX_ATTEMPTS} failed tries. A refund never puts a booking back to
 * PAID.
 */
public final class Refunds implements RefundRequests {
  public static final int MAX_ATTEMPTS = 5;

  /** How long to wait for the provider's webhook after it accepted a refund before asking again. */
  static final Duration AWAIT_WEBHOOK = Duration.ofHours(1);

  private final PaymentStore payments;
  private final PaidFor paidFor;
  private final PaymentProviders providers;
  private final Clock clock;
  private final RefundDelays delays;

  public Refunds(
      PaymentStore payments,
      BookingStore bookings,
      PassStore passes,
      WalletStore wallets,
      MembershipStore memberships,
      PaymentProviders providers,
      Clock clock) {
    this.payments = payments;
    this.paidFor = new PaidFor(bookings, passes, wallets, memberships);
    this.providers = providers;
    this.clock = clock;
    this.delays = new RefundDelays(payments, paidFor, clock);
  }

  /** The payment {@code paymentNo} as it is now. */
  public Optional<Payment> payment(String paymentNo) {
    return payments.findPayment(paymentNo);
  }

  /** The refund-retry job: every refund due now gets one attempt. */
  public JobReport retryDue(int limit) {
    var due = payments.refundsDue(clock.instant(), limit);
    return JobLoop.run("refund-retry", due, due.size(), p -> JobLoop.one(attempt(p)));
  }

  /** Right after a refund is requested, so the customer does not wait for the next job run. */
  @Override
  public void attemptNow(String paymentNo) {
    payments
        .findPayment(paymentNo)
        .filter(p -> p.status() == PaymentStatus.REFUNDING)
        .ifPresent(this::attempt);
  }

  /**
   * A part of payment {@code paymentNo} to refund as {@code amount} while its booking stays paid,
   * judged from the payment and its parts as they are now; empty when the payment is not SUCCEEDED
   * or holds less than that. The write that makes it holds the same conditions.
   */
  @Override
  public Optional<RefundPartPlan> partOf(String paymentNo, Money amount, Instant at) {
    return payments
        .findPayment(paymentNo)
        .flatMap(p -> RefundPartPlan.of(p, payments.partsOf(paymentNo), amount, at));
  }

  @Override
  public Optional<Money> refundable(String paymentNo) {
    return payments
        .findPayment(paymentNo)
        .map(
            p ->
                new Money(
                    p.amount().minor()
                        - payments.partsOf(paymentNo).stream()
                            .mapToLong(part -> part.refund().minor())
                            .sum(),
                    p.amount().currency()));
  }

  /** The same for the refund {@code seen} (the payment's own, or one of its parts), read again. */
  @Override
  public void attemptNow(Payment seen) {
    current(seen).filter(p -> p.status() == PaymentStatus.REFUNDING).ifPresent(this::attempt);
  }

  /** The refund {@code seen} (the payment's own, or one of its parts) as it is now. */
  public Optional<Payment> current(Payment seen) {
    return seen.isPart()
        ? payments.findPart(seen.paymentNo(), seen.refundPart())
        : payments.findPayment(seen.paymentNo());
  }

  /**
   * One attempt. The attempt is claimed first (count + 1, next check after {@link #AWAIT_WEBHOOK})
   * so two workers never ask twice at once; false if another worker claimed it.
   */
  boolean attempt(Payment p) {
    Instant now = clock.instant();
    int attempts = p.refundAttempts() + 1;
    if (!payments.scheduleRefund(p, attempts, now.plus(AWAIT_WEBHOOK))) {
      return false;
    }
    Payment claimed = p.withRefund(p.status(), attempts);
    PaymentProvider provider = providers.of(p);
    // Asked before and no word since: what became of it decides whether to ask again.
    Optional<PaymentCallback> known =
        p.refundAttempts() > 0 && provider.answersQueries()
            ? askAbout(provider, claimed)
            : Optional.empty();
    if (known.isPresent() && known.get().outcome() != PaymentCallback.Outcome.REFUND_FAILED) {
      settleFound(claimed, known.get(), now);
      return true;
    }
    RefundAttempt result;
    try {
      // The same refund number every time: a CLOSED refund is submitted again, never doubled.
      result = provider.refund(claimed, claimed.refundNo());
    } catch (RuntimeException providerDown) {
      result = new RefundAttempt.RetryLater("UNREACHABLE");
    }
    if (result instanceof RefundAttempt.RetryLater later) {
      delays.retryLater(claimed, later.code());
    } else if (result instanceof RefundAttempt.Refused refused) {
      delays.refused(claimed, refused.code(), "refund-refused:" + numbered(p) + round(p));
    } else if (result instanceof RefundAttempt.Completed) {
      paidFor
          .subjectOf(p)
          .ifPresent(
              b ->
                  payments.settle(
                      new Settlement.Refunded(
                          "refund-completed:" + numbered(p) + ":" + attempts + round(p),
                          claimed,
                          b,
                          Change.by(
                              "system:refund-retry", now, "refund completed by " + p.provider()))));
    } else if (result instanceof RefundAttempt.Failed) {
      failed(claimed, "the provider refused the refund");
    }
    return true;
  }

  /**
   * A refund the provider holds until the payer acts (Stripe's {@code requires_action}): it stays
   * REFUNDING, and finance gets one {@code REFUND_ACTION_REQUIRED} to reach the payer. A number
   * that is no refund of that payment is finance's too, as unknown.
   */
  public boolean needsAction(NotificationVerdict.RefundActionRequired action) {
    Optional<Payment> refund =
        payments
            .findRefund(action.refundNo())
            .filter(p -> p.paymentNo().equals(action.paymentNo()));
    Optional<Settlement.Subject> paid = refund.flatMap(paidFor::subjectOf);
    FinanceException e =
        FinanceException.open(
            refund.isPresent()
                ? FinanceException.Kind.REFUND_ACTION_REQUIRED
                : FinanceException.Kind.UNKNOWN_PAYMENT,
            action.eventId(),
            paid.map(Settlement.Subject::venueId),
            paid.flatMap(Settlement.Subject::bookingId),
            Optional.of(action.paymentNo()),
            action.amount(),
            clock.instant());
    return payments.flag(
        action.eventId(),
        action.paymentNo(),
        refund.filter(Payment::isPart).map(p -> e.aboutRefund(p.refundNo())).orElse(e));
  }

  /** Asks the payment's provider to send its ABNORMAL refund to {@code to} (same number). */
  public RefundAttempt applyAbnormal(Payment p, AbnormalRefund to) {
    try {
      return providers.of(p).applyAbnormalRefund(p, p.refundNo(), to);
    } catch (RuntimeException providerDown) {
      return new RefundAttempt.RetryLater("UNREACHABLE");
    }
  }

  private static Optional<PaymentCallback> askAbout(PaymentProvider provider, Payment p) {
    try {
      return provider.queryRefund(p, p.refundNo());
    } catch (RuntimeException providerDown) {
      return Optional.empty(); // ask again under the same number; the provider answers the same
    }
  }

  /** What the provider's query found, settled under the event id its notification would carry. */
  private void settleFound(Payment claimed, PaymentCallback found, Instant now) {
    paidFor
        .subjectOf(claimed)
        .ifPresent(
            b ->
                payments.settle(
                    found.outcome() == PaymentCallback.Outcome.REFUNDED
                        ? new Settlement.Refunded(
                            found.eventId(),
                            claimed,
                            b,
                            Change.by("system:refund-retry", now, "refunded, found by query"))
                        : new Settlement.RefundGivenUp(
                            found.eventId(),
                            claimed,
                            b,
                            Change.by(
                                "system:refund-retry",
                                now,
                                "the provider could not pay the refund back"),
                            true)));
  }

  /**
   * A failed attempt ({@code p} as it is now): back off, or give up for staff after the last
   * attempt.
   */
  public void failed(Payment p, String why) {
    Instant now = clock.instant();
    Optional<Settlement.Subject> paid = paidFor.subjectOf(p);
    if (p.refundAttempts() >= MAX_ATTEMPTS && paid.isPresent()) {
      payments.settle(
          new Settlement.RefundGivenUp(
              "refund-gave-up:" + numbered(p) + round(p),
              p,
              paid.get(),
              Change.by(
                  "system:refund-retry",
                  now,
                  why + "; gave up after " + p.refundAttempts() + " attempts"),
              false,
              Optional.empty()));
      return;
    }
    Duration wait = Duration.ofMinutes(1L << Math.min(p.refundAttempts(), 6));
    payments.scheduleRefund(p, p.refundAttempts(), now.plus(wait));
  }

  /**
   * Event ids of a restarted refund differ from the earlier rounds' (round 0 keeps the old ids).
   */
  static String round(Payment p) {
    return p.refundRound() == 0 ? "" : ":round-" + p.refundRound();
  }

  /**
   * What the job's own event ids name: the payment for its own refund (as ever), the payment and
   * part for a part, so a part's outcome is never taken for a replay of the payment's.
   */
  static String numbered(Payment p) {
    return p.isPart() ? p.paymentNo() + Payment.PART_SEPARATOR + p.refundPart() : p.paymentNo();
  }
}
