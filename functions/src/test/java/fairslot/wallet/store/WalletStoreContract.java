package fairslot.wallet.store;

import static fairslot.testing.ContractFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.Venue;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.kernel.Change;
import fairslot.kernel.Money;
import fairslot.kernel.PageRequest;
import fairslot.money.domain.LedgerEntry;
import fairslot.money.domain.Payable;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.RefundPartPlan;
import fairslot.money.domain.WalletShare;
import fairslot.wallet.app.WalletStore;
import fairslot.wallet.app.WalletStore.Settled;
import fairslot.wallet.domain.TopUp;
import fairslot.wallet.domain.WalletPlan;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every WalletStore must do, through the port alone: on the in-memory fake and on the DynamoDB
 * adapter against moto and dynoxide. A top-up's success credits the wallet once however many
 * reports of it race, and a wallet's balance is always the sum of its ledger entries.
 */
public abstract class WalletStoreContract {

  protected record Stores(CatalogStore catalog, WalletStore wallets) {}

  protected abstract Stores fresh();

  private WalletStore wallets;
  private Venue venue;

  @BeforeEach
  void setUp() {
    Stores stores = fresh();
    wallets = stores.wallets();
    venue =
        stores
            .catalog()
            .createVenue(
                new Venue(
                    UUID.randomUUID().toString(), "Club", ZoneOffset.UTC, VenuePolicy.DEFAULT));
  }

  private static Change by(String actor) {
    return Change.by(actor, NOW, "contract");
  }

  private WalletPlan plan(long pay, long bonus) {
    WalletPlan plan =
        new WalletPlan(
            UUID.randomUUID().toString(),
            venue.venueId(),
            "Top",
            new Money(pay, "CNY"),
            bonus,
            NOW);
    assertThat(wallets.createPlan(plan, by("admin"))).isTrue();
    return plan;
  }

  /** A top-up of {@code plan} by {@code user} with its payment started: the payment. */
  private Payment started(String user, WalletPlan plan) {
    TopUp topUp =
        wallets
            .createTopUp(TopUp.unpaid(UUID.randomUUID().toString(), user, plan, NOW), by(user))
            .orElseThrow();
    Payment payment =
        new Payment(
            UUID.randomUUID().toString().replace("-", ""),
            new Payable.ForTopUp(topUp.topUpId()),
            user,
            plan.pay(),
            "local",
            PaymentStatus.PENDING,
            0,
            NOW,
            0,
            plan.pay());
    assertThat(wallets.startPayment(topUp, payment, Optional.empty(), by(user)))
        .isInstanceOf(WalletStore.Start.Started.class);
    return payment;
  }

  private long ledgerSum(String user) {
    return wallets
        .ledger(user, venue.venueId(), new PageRequest(200, Optional.empty()))
        .items()
        .stream()
        .mapToLong(LedgerEntry::deltaMinor)
        .sum();
  }

  @Test
  void aPlanIsWrittenOnceAndListedUnderItsVenue() {
    WalletPlan plan = plan(100000, 10000);

    assertThat(wallets.createPlan(plan, by("admin"))).isTrue();
    assertThat(wallets.findPlan(plan.planId())).contains(plan);
    assertThat(wallets.plansOf(venue.venueId(), new PageRequest(50, Optional.empty())).items())
        .containsExactly(plan);
  }

  @Test
  void thirtyTwoRacingReportsOfOneSuccessCreditTheWalletOnceWithOneEntry() throws Exception {
    WalletPlan plan = plan(100000, 10000);
    Payment payment = started("m", plan);
    TopUp topUp = wallets.findTopUp("m", payment.payable().id()).orElseThrow();
    int racers = 32;
    ExecutorService pool = Executors.newFixedThreadPool(racers);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Settled>> answers = new ArrayList<>();
    for (int i = 0; i < racers; i++) {
      String eventId = "e-" + (i % 4); // some replays of one event, some other events
      answers.add(
          pool.submit(
              () -> {
                go.await();
                return wallets.settlePayment(
                    eventId, payment, topUp, PaymentCallback.Outcome.SUCCEEDED, by("provider"));
              }));
    }
    go.countDown();
    int applied = 0;
    for (Future<Settled> f : answers) {
      applied += f.get(2, TimeUnit.MINUTES) == Settled.APPLIED ? 1 : 0;
    }
    pool.shutdown();

    assertThat(applied).isEqualTo(1);
    assertThat(wallets.walletsOf("m"))
        .singleElement()
        .satisfies(w -> assertThat(w.balance()).isEqualTo(new WalletShare(100000, 10000)));
    assertThat(ledgerSum("m")).isEqualTo(110000);
    assertThat(wallets.findTopUp("m", topUp.topUpId()).orElseThrow().status())
        .isEqualTo(TopUp.Status.PAID);
  }

  @Test
  void twoTopUpsAddUpAndTheLedgerListsBothInOrder() {
    WalletPlan small = plan(5000, 0);
    WalletPlan big = plan(100000, 20000);
    Payment first = started("m", small);
    Payment second = started("m", big);

    wallets.settlePayment(
        "a",
        first,
        wallets.findTopUp("m", first.payable().id()).orElseThrow(),
        PaymentCallback.Outcome.SUCCEEDED,
        by("p"));
    wallets.settlePayment(
        "b",
        second,
        wallets.findTopUp("m", second.payable().id()).orElseThrow(),
        PaymentCallback.Outcome.SUCCEEDED,
        Change.by("p", NOW.plusSeconds(1), "contract"));

    assertThat(wallets.walletsOf("m").get(0).balance()).isEqualTo(new WalletShare(105000, 20000));
    assertThat(wallets.ledger("m", venue.venueId(), new PageRequest(50, Optional.empty())).items())
        .extracting(LedgerEntry::ref)
        .containsExactly(first.paymentNo(), second.paymentNo());
    assertThat(ledgerSum("m")).isEqualTo(125000);
  }

  @Test
  void sixteenRacingClosesOfOneWalletEmptyItOnceWithOneEntryAndOneRefundPart() throws Exception {
    WalletPlan plan = plan(10000, 1000);
    Payment pending = started("m", plan);
    TopUp topUp = wallets.findTopUp("m", pending.payable().id()).orElseThrow();
    wallets.settlePayment("paid", pending, topUp, PaymentCallback.Outcome.SUCCEEDED, by("p"));
    Payment paid =
        new Payment(
            pending.paymentNo(),
            pending.payable(),
            pending.userId(),
            pending.amount(),
            pending.provider(),
            PaymentStatus.SUCCEEDED,
            0,
            pending.createdAt(),
            0,
            pending.amount(),
            0);
    assertThat(wallets.paidTopUps("m", venue.venueId()))
        .extracting(TopUp::topUpId)
        .containsExactly(topUp.topUpId());
    int racers = 16;
    ExecutorService pool = Executors.newFixedThreadPool(racers);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Boolean>> answers = new ArrayList<>();
    for (int i = 0; i < racers; i++) {
      String ref = "C" + i;
      answers.add(
          pool.submit(
              () -> {
                go.await();
                return wallets.close(
                    LedgerEntry.debit(
                        "m",
                        venue.venueId(),
                        LedgerEntry.Kind.CLOSE,
                        new WalletShare(10000, 1000),
                        "CNY",
                        ref,
                        NOW.plusSeconds(1)), // after the top-up: the ledger lists by time
                    List.of(
                        RefundPartPlan.of(paid, List.of(), new Money(10000, "CNY"), NOW)
                            .orElseThrow()),
                    by("m"));
              }));
    }
    go.countDown();
    int closed = 0;
    for (Future<Boolean> f : answers) {
      closed += f.get(2, TimeUnit.MINUTES) ? 1 : 0;
    }
    pool.shutdown();

    assertThat(closed).isEqualTo(1);
    assertThat(wallets.walletsOf("m").get(0).balance()).isEqualTo(WalletShare.NONE);
    assertThat(ledgerSum("m")).isZero();
    assertThat(wallets.ledger("m", venue.venueId(), new PageRequest(50, Optional.empty())).items())
        .extracting(LedgerEntry::kind)
        .containsExactly(LedgerEntry.Kind.TOP_UP, LedgerEntry.Kind.CLOSE);
  }
}
