package fairslot.payment.app;

import fairslot.kernel.Change;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.Payment;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * A refund the provider refused (API.md v1.3, WeChat Pay's refund errors). Refused for now ({@code
 * NOT_ENOUGH}: the merchant's balance is short; {@code FREQUENCY_LIMITED}; {@code SYSTEM_ERROR}; a
 * 5xx; no answer): it stays REFUNDING and is asked for again under the same number, waiting twice
 * as long each time up to an hour, for as long as it takes; once the waits add up to a day, finance
 * gets one {@code REFUND_DELAYED}. Refused for good ({@code PARAM_ERROR}, {@code INVALID_REQUEST}
 * ...): REFUND_FAILED at once, with the code, for staff.
 */
final class RefundDelays {
  static final Duration LONGEST_WAIT = Duration.ofHours(1);
  static final Duration DELAYED = Duration.ofDays(1);

  private final PaymentStore payments;
  private final PaidFor paidFor;
  private final Clock clock;

  RefundDelays(PaymentStore payments, PaidFor paidFor, Clock clock) {
    this.payments = payments;
    this.paidFor = paidFor;
    this.clock = clock;
  }

  /** The wait after the {@code attempts}-th attempt was refused for now. */
  static Duration waitAfter(int attempts) {
    Duration wait = Duration.ofMinutes(1L << Math.min(Math.max(attempts, 1), 6));
    return wait.compareTo(LONGEST_WAIT) > 0 ? LONGEST_WAIT : wait;
  }

  /** The waits of the first {@code attempts} refusals added up. */
  static Duration waitedAfter(int attempts) {
    Duration total = Duration.ZERO;
    for (int a = 1; a <= attempts; a++) {
      total = total.plus(waitAfter(a));
    }
    return total;
  }

  /** {@code claimed} (its attempt counted) was refused for now: ask again later. */
  void retryLater(Payment claimed, String code) {
    Instant now = clock.instant();
    payments.scheduleRefund(
        claimed, claimed.refundAttempts(), now.plus(waitAfter(claimed.refundAttempts())));
    if (waitedAfter(claimed.refundAttempts() - 1).compareTo(DELAYED) >= 0) {
      String eventId = "refund-delayed:" + Refunds.numbered(claimed) + Refunds.round(claimed);
      Optional<Settlement.Subject> paid = paidFor.subjectOf(claimed);
      FinanceException delayed =
          FinanceException.open(
                  FinanceException.Kind.REFUND_DELAYED,
                  eventId,
                  paid.map(Settlement.Subject::venueId),
                  paid.flatMap(Settlement.Subject::bookingId),
                  Optional.of(claimed.paymentNo()),
                  claimed.refund(),
                  now)
              .withProviderCode(code);
      // once: the event id is remembered with it, so later refusals write nothing
      payments.flag(
          eventId,
          claimed.paymentNo(),
          claimed.isPart() ? delayed.aboutRefund(claimed.refundNo()) : delayed);
    }
  }

  /** {@code claimed} was refused for good: given up for staff now, with the provider's code. */
  void refused(Payment claimed, String code, String eventId) {
    paidFor
        .subjectOf(claimed)
        .ifPresent(
            b ->
                payments.settle(
                    new Settlement.RefundGivenUp(
                        eventId,
                        claimed,
                        b,
                        Change.by(
                            "system:refund-retry",
                            clock.instant(),
                            "the provider refused the refund: " + code),
                        false,
                        Optional.of(code))));
  }
}
