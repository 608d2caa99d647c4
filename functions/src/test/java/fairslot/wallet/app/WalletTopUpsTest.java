package fairslot.wallet.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import fairslot.memory.MemoryWorld;
import fairslot.money.domain.LedgerEntry;
import fairslot.money.domain.Payable;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.Wallet;
import fairslot.money.domain.WalletShare;
import fairslot.payment.app.PaymentService;
import fairslot.wallet.domain.TopUp;
import fairslot.wallet.domain.WalletPlan;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Stored value bought on the in-memory stores (v1.3 "One ledger"): a top-up paid through a provider
 * credits its plan's pay as principal and its bonus apart, once however often the provider reports
 * it, with one ledger entry; a failed payment may be paid again; the balance is its entries' sum.
 */
class WalletTopUpsTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot slot = world.slot(ResourceKind.SEATS, 3, 5000, Admission.DIRECT);

  private WalletPlan plan() {
    return done(
        world.wallets.createPlan(
            "admin",
            slot.venueId(),
            "1000 get 1100",
            new Money(100000, "CNY"),
            10000,
            Optional.empty()));
  }

  private Payment started(String user, WalletPlan plan) {
    TopUp topUp = done(world.wallets.buy(user, plan.planId(), Optional.empty()));
    return done(world.payments.pay(user, new Payable.ForTopUp(topUp.topUpId()), Optional.empty()))
        .payment();
  }

  private Outcome<PaymentService.Applied> report(
      Payment p, String eventId, PaymentCallback.Outcome outcome) {
    return world.payments.callback(
        new PaymentCallback(eventId, p.paymentNo(), p.payable(), p.amount(), outcome, ""));
  }

  private long ledgerSum(String user) {
    return world
        .wallets
        .ledger(user, slot.venueId(), new PageRequest(200, Optional.empty()))
        .items()
        .stream()
        .mapToLong(LedgerEntry::deltaMinor)
        .sum();
  }

  @Test
  void aPaidTopUpCreditsPayAsPrincipalAndTheBonusApartOnceHoweverOftenReported() {
    Payment p = started("u1", plan());

    assertThat(done(report(p, "e1", PaymentCallback.Outcome.SUCCEEDED)))
        .isEqualTo(PaymentService.Applied.APPLIED);
    assertThat(done(report(p, "e1", PaymentCallback.Outcome.SUCCEEDED)))
        .isEqualTo(PaymentService.Applied.DUPLICATE);
    report(p, "e2", PaymentCallback.Outcome.SUCCEEDED); // a second success: noted, nothing more

    Wallet w = world.wallets.wallets("u1").get(0);
    assertThat(w.balance()).isEqualTo(new WalletShare(100000, 10000));
    assertThat(w.currency()).isEqualTo("CNY");
    assertThat(ledgerSum("u1")).isEqualTo(w.balanceMinor());
    assertThat(
            world
                .wallets
                .ledger("u1", slot.venueId(), new PageRequest(50, Optional.empty()))
                .items())
        .singleElement()
        .satisfies(e -> assertThat(e.kind()).isEqualTo(LedgerEntry.Kind.TOP_UP));
  }

  @Test
  void aFailedTopUpCreditsNothingAndMayBePaidAgain() {
    WalletPlan plan = plan();
    TopUp topUp = done(world.wallets.buy("u1", plan.planId(), Optional.empty()));
    Payment first =
        done(world.payments.pay("u1", new Payable.ForTopUp(topUp.topUpId()), Optional.empty()))
            .payment();
    report(first, "f1", PaymentCallback.Outcome.FAILED);

    Payment second =
        done(world.payments.pay("u1", new Payable.ForTopUp(topUp.topUpId()), Optional.empty()))
            .payment();
    report(second, "s2", PaymentCallback.Outcome.SUCCEEDED);

    assertThat(second.paymentNo()).isNotEqualTo(first.paymentNo());
    assertThat(world.wallets.wallets("u1").get(0).balanceMinor()).isEqualTo(110000);
    assertThat(ledgerSum("u1")).isEqualTo(110000);
    Outcome<?> again =
        world.payments.pay("u1", new Payable.ForTopUp(topUp.topUpId()), Optional.empty());
    assertThat(((Outcome.Refused<?>) again).refusal()).isEqualTo(Refusal.INVALID_TRANSITION);
  }

  @Test
  void amountsOutOfRangeMakeNoPlan() {
    assertThat(
            world.wallets.createPlan(
                "admin", "no-venue", "x", new Money(1000, "CNY"), 0, Optional.empty()))
        .isInstanceOf(Outcome.Refused.class);
    Outcome<WalletPlan> tooMuchBonus =
        world.wallets.createPlan(
            "admin", slot.venueId(), "x", new Money(1000, "CNY"), 10001, Optional.empty());
    assertThat(((Outcome.Refused<?>) tooMuchBonus).refusal()).isEqualTo(Refusal.INVALID_REQUEST);
    assertThat(world.wallets.plans(slot.venueId(), new PageRequest(50, Optional.empty())).items())
        .isEmpty();
  }
}
