package fairslot.payment.app;

import fairslot.kernel.JobReport;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.MoneyMove;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentStatus;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The money the provider actually holds is known only from its statement: every line of a day is
 * matched to a payment or refund of the same provider and amount; each line that is not (money
 * fairslot does not know, or a different amount) becomes one STATEMENT_MISMATCH finance exception,
 * keyed by the provider, day and line, so running a day again opens nothing twice. The other way,
 * each money move fairslot recorded that day (money taken, a refund paid) that the statement lacks
 * is one too.
 */
public final class StatementReconciliation {
  /**
   * What a day's run found. The money figures are the day's lines in the settlement currency (empty
   * when the provider gives none, or the lines are in more than one): {@code feesMinor} the
   * provider's fees (on payments and as lines of their own), {@code netMinor} what the day added to
   * the balance before payouts, {@code payoutsMinor} what was paid out to the bank.
   */
  public record Result(
      String provider,
      LocalDate date,
      int lines,
      int matched,
      int exceptions,
      Optional<Totals> totals) {
    public Result(String provider, LocalDate date, int lines, int matched, int exceptions) {
      this(provider, date, lines, matched, exceptions, Optional.empty());
    }
  }

  /** The day's statement in its settlement currency. */
  public record Totals(String currency, long feesMinor, long netMinor, long payoutsMinor) {
    static Optional<Totals> of(List<StatementLine> lines) {
      Set<String> currencies = new HashSet<>();
      long fees = 0;
      long net = 0;
      long payouts = 0;
      for (StatementLine line : lines) {
        if (line.settled().isEmpty()) {
          return Optional.empty();
        }
        StatementLine.Settled s = line.settled().get();
        currencies.add(s.currency());
        if (line.kind() == StatementLine.Kind.PAYOUT) {
          payouts -= s.amountMinor(); // a payout takes money out of the balance
        } else {
          net += s.netMinor();
          fees += line.kind() == StatementLine.Kind.FEE ? -s.netMinor() : s.feeMinor();
        }
      }
      return currencies.size() == 1
          ? Optional.of(new Totals(currencies.iterator().next(), fees, net, payouts))
          : Optional.empty();
    }
  }

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
      return Checkouts.unavailable(providerName, providers);
    }
    Optional<List<StatementLine>> statement = provider.get().statement(day);
    if (statement.isEmpty()) {
      return Outcome.refused(
          Refusal.PROVIDER_UNAVAILABLE, providerName + " keeps no statement fairslot can read");
    }
    int matched = 0;
    int exceptions = 0;
    // each payment is read once per run, though both directions ask about it
    Map<String, Optional<Payment>> read = new HashMap<>();
    for (StatementLine line : statement.get()) {
      if (!line.kind().isPayment()) {
        continue; // a fee, a payout: no payment of ours, counted in the totals
      }
      Optional<String> why = difference(providerName, line, read);
      if (why.isEmpty()) {
        matched++;
      } else if (flag(providerName, day, line)) {
        exceptions++;
      }
    }
    exceptions += missing(provider.get(), providerName, day, statement.get(), read);
    return Outcome.done(
        new Result(
            providerName,
            day,
            statement.get().size(),
            matched,
            exceptions,
            Totals.of(statement.get())));
  }

  /**
   * The other direction: each money move fairslot recorded for the provider on {@code day} that the
   * day's statement lacks. A move recorded just after midnight may be the provider's of the day
   * before (a notification's delay), so a move missing from the day is looked for in the day before
   * too; that statement is read only when something is missing. Returns how many new exceptions
   * this opened.
   */
  private int missing(
      PaymentProvider provider,
      String providerName,
      LocalDate day,
      List<StatementLine> lines,
      Map<String, Optional<Payment>> read) {
    ZoneId zone = provider.statementZone();
    List<MoneyMove> moves =
        payments.moneyMoves(
            day.atStartOfDay(zone).toInstant(), day.plusDays(1).atStartOfDay(zone).toInstant());
    Set<String> onStatement = numbers(lines);
    Set<String> dayBefore = null;
    int opened = 0;
    for (MoneyMove move : moves) {
      Optional<Payment> found =
          move.refundPart() == 0
              ? read.computeIfAbsent(move.paymentNo(), payments::findPayment)
              : payments.findPart(move.paymentNo(), move.refundPart());
      if (found.isEmpty() || !found.get().provider().equals(providerName)) {
        continue;
      }
      Payment p = found.get();
      boolean paid = move.kind() == MoneyMove.Kind.PAID;
      String number = paid ? p.paymentNo() : p.refundNo();
      if (onStatement.contains(number)) {
        continue;
      }
      if (dayBefore == null) {
        dayBefore =
            provider
                .statement(day.minusDays(1))
                .map(StatementReconciliation::numbers)
                .orElse(Set.of());
      }
      if (!dayBefore.contains(number)) {
        StatementLine.Kind kind = paid ? StatementLine.Kind.PAYMENT : StatementLine.Kind.REFUND;
        Money amount = paid ? p.amount() : p.refund();
        String eventId =
            "statement:" + providerName + ":" + day + ":MISSING_" + kind + ":" + number;
        if (open(eventId, p.paymentNo(), amount)) {
          opened++;
        }
      }
    }
    return opened;
  }

  /** Refunds read, in the same cache as payments: a payment number never starts so. */
  private static final String REFUND_KEY = "refund ";

  private static Set<String> numbers(List<StatementLine> lines) {
    Set<String> numbers = new HashSet<>();
    lines.forEach(l -> numbers.add(l.number()));
    return numbers;
  }

  /** Why the line is not accounted for, or empty when it is. */
  private Optional<String> difference(
      String providerName, StatementLine line, Map<String, Optional<Payment>> read) {
    // A refund line names the payment's own refund or one of its parts (Payment#refundNo).
    Optional<Payment> found =
        line.kind() == StatementLine.Kind.REFUND
            ? read.computeIfAbsent(
                REFUND_KEY + line.number(), k -> payments.findRefund(line.number()))
            : read.computeIfAbsent(line.number(), payments::findPayment);
    if (found.isEmpty() || !found.get().provider().equals(providerName)) {
      return Optional.of("no such " + line.kind().name().toLowerCase(Locale.ROOT));
    }
    Payment p = found.get();
    if (line.kind() == StatementLine.Kind.DISPUTE) {
      // the bank took back (or returned) at most what was paid, of money fairslot took
      return MONEY_TAKEN.contains(p.status())
              && p.amount().currency().equals(line.amount().currency())
              && line.amount().minor() <= p.amount().minor()
          ? Optional.empty()
          : Optional.of("a dispute of money not taken here");
    }
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
    return open(eventId, line.number(), line.amount());
  }

  private boolean open(String eventId, String paymentNo, Money amount) {
    return payments.flag(
        eventId,
        paymentNo,
        FinanceException.open(
            FinanceException.Kind.STATEMENT_MISMATCH,
            eventId,
            Optional.empty(),
            Optional.empty(),
            Optional.of(paymentNo),
            amount,
            clock.instant()));
  }
}
