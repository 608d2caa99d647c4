package fairslot.payment.app;

import fairslot.money.domain.FinanceException;
import fairslot.money.domain.FinanceException.Kind;
import fairslot.money.domain.Payment;
import fairslot.payment.domain.DisputeReport;
import java.time.Clock;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * A payer's dispute of a payment with their bank (API.md v1.3 "Disputes"), as finance sees it:
 * opened is an OPEN {@code DISPUTE_OPENED} exception with the reason and the evidence deadline; won
 * is a {@code DISPUTE_WON} that needs nobody; lost is an OPEN {@code DISPUTE_LOST} and the booking
 * marked disputed (its status kept), counted by the daily report. A decision closes the opened
 * exception. Each state is applied once, however often the provider sends it.
 */
public final class Disputes {
  private final PaymentStore payments;
  private final PaidFor paidFor;
  private final Clock clock;

  public Disputes(PaymentStore payments, PaidFor paidFor, Clock clock) {
    this.payments = payments;
    this.paidFor = paidFor;
    this.clock = clock;
  }

  /** False when the state was applied before (a redelivery), or the payment is not ours. */
  public boolean apply(DisputeReport report) {
    Instant now = clock.instant();
    Optional<Payment> found = report.paymentNo().flatMap(payments::findPayment);
    FinanceException.Dispute about =
        new FinanceException.Dispute(report.disputeId(), report.reason(), report.evidenceDueBy());
    if (found.isEmpty()) {
      // a charge fairslot did not make, or one made before its intent was named: finance's
      return payments.flag(
          report.eventId(),
          report.paymentNo().orElse(report.disputeId()),
          FinanceException.open(
                  Kind.UNKNOWN_PAYMENT,
                  report.eventId(),
                  Optional.empty(),
                  Optional.empty(),
                  report.paymentNo(),
                  report.amount(),
                  now)
              .aboutDispute(about));
    }
    Payment p = found.get();
    Optional<String> venue = paidFor.venueOf(p);
    Kind kind =
        switch (report.state()) {
          case OPENED -> Kind.DISPUTE_OPENED;
          case WON -> Kind.DISPUTE_WON;
          case LOST -> Kind.DISPUTE_LOST;
        };
    FinanceException e =
        FinanceException.open(
                kind,
                report.eventId(),
                venue,
                p.bookingPaid(), // a pass's payment names no booking
                Optional.of(p.paymentNo()),
                report.amount(),
                now)
            .aboutDispute(about);
    if (report.state() == DisputeReport.State.WON) {
      e =
          e.resolved(
              FinanceException.Resolution.CLOSED_BY_PROVIDER,
              "the bank decided for the venue",
              "provider");
    }
    boolean applied =
        payments.dispute(
            report.eventId(),
            p,
            e,
            report.state() == DisputeReport.State.LOST
                ? Optional.of(report.amount())
                : Optional.empty());
    if (report.state() != DisputeReport.State.OPENED) {
      // also on a redelivery: the close may not have been written the first time
      payments.closeException(
          FinanceException.idFor(
              Kind.DISPUTE_OPENED,
              DisputeReport.eventId(report.disputeId(), DisputeReport.State.OPENED)),
          "the bank decided: " + report.state().name().toLowerCase(Locale.ROOT),
          now);
    }
    return applied;
  }
}
