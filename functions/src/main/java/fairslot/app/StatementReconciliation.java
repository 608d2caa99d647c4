package fairslot.app;

import fairslot.domain.FinanceException;
import fairslot.domain.Outcome;
import fairslot.domain.Payment;
import fairslot.domain.PaymentStatus;
import fairslot.domain.Refusal;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The money the provider actually holds is known only from its statement: every line of a day is
 * matched to a payment or refund of the same provider and amount; each line that is not (money
 * fairslot does not know, or a different amount) becomes one STATEMENT_MISMATCH finance exception,
 * keyed by the provider, day and line, so running a day again opens nothing twice.
 */
public final class StatementReconciliation {
  /** What a day's run found. */
  public record Result(String provider, LocalDate date, int lines, int matched, int exceptions) {}

  private static final Set<PaymentStatus> MONEY_TAKEN =
      Set.of(
          PaymentStatus.SUCCEEDED,
          PaymentStatus.REFUNDING,
          PaymentStatus.REFUNDED,
          PaymentStatus.REFUND_FAILED);

  private final PaymentStore payments;
  private final PaymentProviders providers;
  private final Clock clock;

  public StatementReconciliation(PaymentStore payments, PaymentProviders providers, Clock clock) {
    this.payments = payments;
    this.providers = providers;
    this.clock = clock;
  }

  /** The statement-reconcile job: yesterday, for each provider that keeps statements. */
  public JobReport yesterday() {
    int lines = 0;
    int exceptions = 0;
    for (String name : providers.onlineNames()) {
      PaymentProvider p = providers.online(Optional.of(name)).orElseThrow();
      LocalDate day = LocalDate.ofInstant(clock.instant(), p.statementZone()).minusDays(1);
      Outcome<Result> r = reconcile(name, day);
      if (r instanceof Outcome.Done<Result> done) {
        lines += done.value().lines();
        exceptions += done.value().exceptions();
      }
    }
    return new JobReport("statement-reconcile", lines, exceptions, lines);
  }

  public Outcome<Result> reconcile(String providerName, LocalDate day) {
    Optional<PaymentProvider> provider = providers.online(Optional.of(providerName));
    if (provider.isEmpty()) {
      return PaymentService.unavailable(providerName, providers);
    }
    Optional<List<StatementLine>> statement = provider.get().statement(day);
    if (statement.isEmpty()) {
      return Outcome.refused(
          Refusal.PROVIDER_UNAVAILABLE, providerName + " keeps no statement fairslot can read");
    }
    int matched = 0;
    int exceptions = 0;
    for (StatementLine line : statement.get()) {
      Optional<String> why = difference(providerName, line);
      if (why.isEmpty()) {
        matched++;
      } else if (flag(providerName, day, line)) {
        exceptions++;
      }
    }
    return Outcome.done(new Result(providerName, day, statement.get().size(), matched, exceptions));
  }

  /** Why the line is not accounted for, or empty when it is. */
  private Optional<String> difference(String providerName, StatementLine line) {
    String paymentNo =
        line.kind() == StatementLine.Kind.REFUND && line.number().startsWith("R")
            ? line.number().substring(1)
            : line.number();
    Optional<Payment> found = payments.findPayment(paymentNo);
    if (found.isEmpty() || !found.get().provider().equals(providerName)) {
      return Optional.of("no such " + line.kind().name().toLowerCase(java.util.Locale.ROOT));
    }
    Payment p = found.get();
    if (line.kind() == StatementLine.Kind.PAYMENT) {
      return !MONEY_TAKEN.contains(p.status())
          ? Optional.of("paid at the provider, " + p.status() + " here")
          : p.amount().equals(line.amount()) ? Optional.empty() : Optional.of("a different amount");
    }
    return !line.number().equals(p.refundNo()) || p.status() != PaymentStatus.REFUNDED
        ? Optional.of("refunded at the provider, " + p.status() + " here")
        : p.refund().equals(line.amount()) ? Optional.empty() : Optional.of("a different amount");
  }

  /** One exception per provider, day and line: true when it is new. */
  private boolean flag(String providerName, LocalDate day, StatementLine line) {
    String eventId =
        "statement:" + providerName + ":" + day + ":" + line.kind() + ":" + line.number();
    String paymentNo = line.number();
    return payments.flag(
        eventId,
        paymentNo,
        FinanceException.open(
            FinanceException.Kind.STATEMENT_MISMATCH,
            eventId,
            Optional.empty(),
            Optional.empty(),
            Optional.of(paymentNo),
            line.amount(),
            clock.instant()));
  }
}
