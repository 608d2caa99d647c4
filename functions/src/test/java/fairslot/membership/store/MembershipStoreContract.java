package fairslot.membership.store;

import static fairslot.testing.ContractFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.ResourceKind;
import fairslot.kernel.Change;
import fairslot.kernel.Money;
import fairslot.kernel.PageRequest;
import fairslot.membership.app.MembershipStore;
import fairslot.membership.app.MembershipStore.Settled;
import fairslot.membership.app.MembershipStore.Start;
import fairslot.membership.domain.Benefits;
import fairslot.membership.domain.Membership;
import fairslot.membership.domain.MembershipPeriod;
import fairslot.membership.domain.MembershipPlan;
import fairslot.money.domain.LedgerEntry;
import fairslot.money.domain.Payable;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.WalletShare;
import fairslot.testing.ContractFixtures;
import fairslot.wallet.app.WalletStore;
import fairslot.wallet.domain.TopUp;
import fairslot.wallet.domain.WalletPlan;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every MembershipStore must do, through the ports alone: on the in-memory fake and on the
 * DynamoDB adapter against moto and dynoxide. One first payment however many start at once; a
 * period charged from the wallet once however many renewals race; every move on the version read.
 */
public abstract class MembershipStoreContract {

  protected record Stores(CatalogStore catalog, MembershipStore memberships, WalletStore wallets) {}

  protected abstract Stores fresh();

  private MembershipStore memberships;
  private WalletStore wallets;
  private String venueId;

  @BeforeEach
  void setUp() {
    Stores stores = fresh();
    memberships = stores.memberships();
    wallets = stores.wallets();
    venueId = new ContractFixtures(stores.catalog(), null).slot(ResourceKind.SEATS, 1).venueId();
  }

  private static Change by(String actor) {
    return Change.by(actor, NOW, "contract");
  }

  private MembershipPlan plan() {
    MembershipPlan plan =
        new MembershipPlan(
            UUID.randomUUID().toString(),
            venueId,
            "Monthly",
            new Money(30000, "CNY"),
            MembershipPeriod.P1M,
            Benefits.NONE,
            NOW);
    assertThat(memberships.createPlan(plan, by("admin"))).isTrue();
    return plan;
  }

  private Membership subscribed(String user) {
    return memberships
        .create(Membership.unpaid(UUID.randomUUID().toString(), user, plan(), true, NOW), by(user))
        .orElseThrow();
  }

  private static Payment payment(Membership m, String provider, PaymentStatus status) {
    return new Payment(
        "p" + UUID.randomUUID().toString().replace("-", ""),
        new Payable.ForMembership(m.membershipId()),
        m.userId(),
        m.plan().price(),
        provider,
        status,
        0,
        NOW,
        0,
        m.plan().price());
  }

  private Membership now(Membership m) {
    return memberships.find(m.userId(), m.membershipId()).orElseThrow();
  }

  /** {@code user}'s wallet at the venue holds {@code pay}, all paid in. */
  private void funded(String user, long pay) {
    WalletPlan plan =
        new WalletPlan(UUID.randomUUID().toString(), venueId, "Top", new Money(pay, "CNY"), 0, NOW);
    wallets.createPlan(plan, by("admin"));
    TopUp topUp =
        wallets
            .createTopUp(TopUp.unpaid(UUID.randomUUID().toString(), user, plan, NOW), by(user))
            .orElseThrow();
    Payment p =
        new Payment(
            "t" + UUID.randomUUID().toString().replace("-", ""),
            new Payable.ForTopUp(topUp.topUpId()),
            user,
            plan.pay(),
            "local",
            PaymentStatus.PENDING,
            0,
            NOW,
            0,
            plan.pay());
    wallets.startPayment(topUp, p, Optional.empty(), by(user));
    wallets.settlePayment(
        "paid-" + p.paymentNo(),
        p,
        wallets.findTopUp(user, topUp.topUpId()).orElseThrow(),
        PaymentCallback.Outcome.SUCCEEDED,
        by("provider"));
  }

  private static <T> List<T> race(int n, Callable<T> call) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(n);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<T>> answers = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      answers.add(
          pool.submit(
              () -> {
                go.await();
                return call.call();
              }));
    }
    go.countDown();
    List<T> out = new ArrayList<>();
    for (Future<T> f : answers) {
      out.add(f.get(2, TimeUnit.MINUTES));
    }
    pool.shutdown();
    return out;
  }

  @Test
  void aPlanIsWrittenOnceAndListedUnderItsVenue() {
    MembershipPlan plan = plan();

    assertThat(memberships.createPlan(plan, by("admin"))).isTrue();
    assertThat(memberships.findPlan(plan.planId())).contains(plan);
    assertThat(memberships.plansOf(venueId, new PageRequest(50, Optional.empty())).items())
        .containsExactly(plan);
  }

  @Test
  void sixteenRacingFirstPaymentsStartOne() throws Exception {
    Membership m = subscribed("m");

    List<Start> starts =
        race(
            16,
            () -> memberships.startPayment(m, payment(m, "local", PaymentStatus.PENDING), by("m")));

    assertThat(starts).filteredOn(s -> s instanceof Start.Started).hasSize(1);
    String named = now(m).paymentNo().orElseThrow();
    assertThat(starts)
        .filteredOn(s -> s instanceof Start.AlreadyStarted)
        .allSatisfy(s -> assertThat(((Start.AlreadyStarted) s).paymentNo()).isEqualTo(named));
  }

  @Test
  void aSuccessActivatesOnceAndAReplayIsADuplicate() {
    Membership m = subscribed("m");
    Payment p = payment(m, "local", PaymentStatus.PENDING);
    memberships.startPayment(m, p, by("m"));
    Membership seen = now(m);
    Membership active = seen.activated(NOW, ZoneOffset.UTC);

    Settled first =
        memberships.settlePayment(
            "ok-1", p, seen, active, PaymentCallback.Outcome.SUCCEEDED, by("provider"));
    Settled replay =
        memberships.settlePayment(
            "ok-1", p, seen, active, PaymentCallback.Outcome.SUCCEEDED, by("provider"));

    assertThat(first).isEqualTo(Settled.APPLIED);
    assertThat(replay).isEqualTo(Settled.DUPLICATE);
    assertThat(now(m).status()).isEqualTo(Membership.Status.ACTIVE);
    assertThat(now(m).periodEnd()).contains(active.periodEnd().orElseThrow());
    assertThat(memberships.due(active.periodEnd().orElseThrow(), 10))
        .extracting(Membership::membershipId)
        .containsExactly(m.membershipId());
    assertThat(memberships.due(active.periodEnd().orElseThrow().minusSeconds(1), 10)).isEmpty();
  }

  @Test
  void sixteenRacingRenewalsOfOnePeriodChargeTheWalletOnce() throws Exception {
    funded("m", 100000);
    Membership m = subscribed("m");
    Payment first = payment(m, "wallet", PaymentStatus.SUCCEEDED);
    Membership active =
        m.withPayment(Optional.of(first.paymentNo())).activated(NOW, ZoneOffset.UTC);
    assertThat(
            memberships.paidFromWallet(
                m, active, first, new WalletShare(30000, 0), venueId, by("m")))
        .isTrue();
    Membership seen = now(m);
    String periodNo = "r" + UUID.randomUUID().toString().replace("-", "");

    List<Boolean> renewed =
        race(
            16,
            () -> {
              Payment renewal =
                  new Payment(
                      periodNo,
                      first.payable(),
                      "m",
                      first.amount(),
                      "wallet",
                      PaymentStatus.SUCCEEDED,
                      0,
                      NOW.plus(Duration.ofDays(31)),
                      0,
                      first.amount());
              Membership next = seen.withPayment(Optional.of(periodNo)).renewed(ZoneOffset.UTC);
              return memberships.paidFromWallet(
                  seen, next, renewal, new WalletShare(30000, 0), venueId, by("job"));
            });

    assertThat(renewed).containsOnlyOnce(true);
    assertThat(wallets.walletsOf("m").get(0).balanceMinor()).isEqualTo(40000);
    assertThat(
            wallets.ledger("m", venueId, new PageRequest(50, Optional.empty())).items().stream()
                .filter(e -> e.kind() == LedgerEntry.Kind.SPEND))
        .hasSize(2);
    assertThat(now(m).periodStart()).contains(active.periodEnd().orElseThrow());
  }

  @Test
  void aMoveFromAStaleReadWritesNothing() {
    Membership m = subscribed("m");
    Membership cancelled = m.with(Membership.Status.CANCELLED, false, false, 0);
    assertThat(memberships.move(m, cancelled, by("m"))).isTrue();

    assertThat(memberships.move(m, m.with(Membership.Status.EXPIRED, false, false, 0), by("x")))
        .isFalse();
    assertThat(now(m).status()).isEqualTo(Membership.Status.CANCELLED);
    assertThat(memberships.of("m")).extracting(Membership::membershipId).contains(m.membershipId());
  }
}
