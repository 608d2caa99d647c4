package fairslot.payment.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.Booked;
import fairslot.booking.domain.Book;
import fairslot.booking.domain.Booking;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.Money;
import fairslot.kernel.Refusal;
import fairslot.memory.MemoryWorld;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.Payable;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.payment.app.StatementReconciliation.Result;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * The statement check on the in-memory stores, both ways: every line must be a payment or refund of
 * the provider at the same amount, and every money move fairslot recorded that day must have its
 * line (on that day's statement or the day before's). Each difference is one STATEMENT_MISMATCH,
 * once.
 */
class StatementReconciliationTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot slot = world.slot(ResourceKind.SEATS, 10, 5000, Admission.DIRECT);
  private final Statements statements = new Statements("scripted");
  private final StatementReconciliation check =
      new StatementReconciliation(
          world.paymentStore, new PaymentProviders(List.of(statements)), world.clock);
  private final LocalDate today = LocalDate.ofInstant(MemoryWorld.START, ZoneOffset.UTC);

  /** The world's provider as its statements show it (same name, so its payments are named). */
  private static final class Statements extends fairslot.memory.NamedProvider {
    final Map<LocalDate, List<StatementLine>> days = new ConcurrentHashMap<>();

    Statements(String name) {
      super(name);
    }

    @Override
    public Optional<List<StatementLine>> statement(LocalDate day) {
      return Optional.of(days.getOrDefault(day, List.of()));
    }
  }

  private Payment paid(String user) {
    Booking b =
        ((Booked.Created)
                done(
                    world.bookings.book(
                        Book.byMember(user, slot.slotId(), 1, false, Optional.empty()))))
            .booking();
    Payment p =
        done(world.payments.pay(user, new Payable.ForBooking(b.bookingId()), Optional.empty()))
            .payment();
    done(
        world.payments.callback(
            new PaymentCallback(
                "paid-" + p.paymentNo(),
                p.paymentNo(),
                b.bookingId(),
                p.amount(),
                PaymentCallback.Outcome.SUCCEEDED)));
    return p;
  }

  private void refunded(Payment p) {
    done(world.staff.refund("desk", p.payable().id()));
    done(
        world.payments.callback(
            new PaymentCallback(
                "refunded-" + p.paymentNo(),
                p.paymentNo(),
                p.payable().id(),
                p.amount(),
                PaymentCallback.Outcome.REFUNDED)));
  }

  private static StatementLine line(Payment p) {
    return new StatementLine(StatementLine.Kind.PAYMENT, p.paymentNo(), p.amount(), "raw");
  }

  private static StatementLine refundLine(Payment p) {
    return new StatementLine(StatementLine.Kind.REFUND, p.refundNo(), p.amount(), "raw");
  }

  private List<String> mismatches() {
    return world.paymentStore.exceptions().stream()
        .filter(e -> e.kind() == FinanceException.Kind.STATEMENT_MISMATCH)
        .map(e -> e.paymentNo().orElseThrow() + "=" + e.amount().minor())
        .toList();
  }

  private Result run(LocalDate day) {
    return done(check.reconcile("scripted", day));
  }

  @Test
  void aStatementThatShowsEveryMoveAndNothingElseGivesNoException() {
    Payment kept = paid("u1");
    Payment back = paid("u2");
    refunded(back);
    statements.days.put(today, List.of(line(kept), line(back), refundLine(back)));

    Result result = run(today);

    assertThat(result.lines()).isEqualTo(3);
    assertThat(result.matched()).isEqualTo(3);
    assertThat(result.exceptions()).isZero();
    assertThat(mismatches()).isEmpty();
  }

  @Test
  void anUnknownLineAndADifferentAmountAreOneExceptionEachAndNoneWhenRunAgain() {
    Payment p = paid("u1");
    statements.days.put(
        today,
        List.of(
            new StatementLine(
                StatementLine.Kind.PAYMENT, p.paymentNo(), new Money(4999, "CNY"), ""),
            new StatementLine(StatementLine.Kind.PAYMENT, "NOT-OURS", new Money(1200, "CNY"), "")));

    Result first = run(today);
    Result again = run(today);

    assertThat(first.exceptions()).isEqualTo(2);
    assertThat(again.exceptions()).isZero();
    assertThat(mismatches()).containsExactlyInAnyOrder(p.paymentNo() + "=4999", "NOT-OURS=1200");
  }

  @Test
  void aPaymentAndARefundTheStatementLacksAreOneExceptionEachForTheAmountFairslotHolds() {
    Payment lost = paid("u1");
    Payment back = paid("u2");
    refunded(back);
    statements.days.put(today, List.of(line(back)));

    Result first = run(today);
    Result again = run(today);

    assertThat(first.matched()).isEqualTo(1);
    assertThat(first.exceptions()).isEqualTo(2);
    assertThat(again.exceptions()).isZero();
    assertThat(mismatches())
        .containsExactlyInAnyOrder(lost.paymentNo() + "=5000", back.paymentNo() + "=5000");
  }

  @Test
  void aMoveMissingFromItsDayButOnTheDayBeforesStatementIsNoException() {
    Payment p = paid("u1"); // recorded just after midnight, as a late notification is
    statements.days.put(today.minusDays(1), List.of(line(p))); // the provider's day before

    Result result = run(today);

    assertThat(result.exceptions()).isZero();
    assertThat(mismatches()).isEmpty();
  }

  @Test
  void anotherProvidersPaymentsAreNotLookedForAndAProviderNotConfiguredIsRefused() {
    paid("u1");
    StatementReconciliation elsewhere =
        new StatementReconciliation(
            world.paymentStore,
            new PaymentProviders(List.of(new Statements("other"))),
            world.clock);

    Result result = done(elsewhere.reconcile("other", today));

    assertThat(result.exceptions()).isZero();
    assertThat(elsewhere.reconcile("nobody", today))
        .matches(
            o ->
                o instanceof fairslot.kernel.Outcome.Refused<Result> r
                    && r.refusal() == Refusal.PROVIDER_UNAVAILABLE);
  }
}
