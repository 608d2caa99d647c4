package fairslot.wallet.store;

import static fairslot.testing.ContractFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.Venue;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.kernel.Change;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.money.domain.Payable;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.PrepaidClaim;
import fairslot.money.domain.PrepaidHoldings;
import fairslot.money.domain.PrepaidPurchase;
import fairslot.money.domain.PrepaidRules;
import fairslot.pass.app.PassStore;
import fairslot.pass.app.PassStore.PayStart;
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.Plan;
import fairslot.pass.domain.PlanKind;
import fairslot.wallet.app.PrepaidJudge;
import fairslot.wallet.app.WalletStore;
import fairslot.wallet.app.WalletStore.Start;
import fairslot.wallet.domain.TopUp;
import fairslot.wallet.domain.WalletPlan;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
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
 * The prepaid rules' guard (API.md v1.3 "Prepaid rules", CN-SH-2025) on every store: on the
 * in-memory fakes and on the DynamoDB adapters against moto and dynoxide. Purchases judged on the
 * same holdings never both land, so however many payments of one member start at once, what they
 * hold stays within every limit.
 */
public abstract class PrepaidRulesContract {

  protected record Stores(CatalogStore catalog, WalletStore wallets, PassStore passes) {}

  protected abstract Stores fresh();

  private WalletStore wallets;
  private PassStore passes;
  private PrepaidJudge judge;
  private Venue venue;

  @BeforeEach
  void setUp() {
    Stores stores = fresh();
    wallets = stores.wallets();
    passes = stores.passes();
    judge = new PrepaidJudge(wallets, passes, stores.catalog(), Clock.fixed(NOW, ZoneOffset.UTC));
    VenuePolicy shanghai = VenuePolicy.DEFAULT.withPrepaidRules(PrepaidRules.CN_SH_2025);
    venue =
        stores
            .catalog()
            .createVenue(
                new Venue(UUID.randomUUID().toString(), "Club", ZoneOffset.ofHours(8), shanghai));
  }

  private static Change by(String actor) {
    return Change.by(actor, NOW, "contract");
  }

  private WalletPlan topUpPlan(long payMinor) {
    WalletPlan plan =
        new WalletPlan(
            UUID.randomUUID().toString(),
            venue.venueId(),
            "Top",
            new Money(payMinor, "CNY"),
            payMinor / 10,
            NOW);
    assertThat(wallets.createPlan(plan, by("admin"))).isTrue();
    return plan;
  }

  private Plan pack(long priceMinor, int sessions) {
    Plan plan =
        new Plan(
            UUID.randomUUID().toString(),
            venue.venueId(),
            ZoneOffset.ofHours(8),
            "Pack",
            PlanKind.PACK,
            sessions,
            Duration.ofDays(90),
            Set.of(),
            new Money(priceMinor, "CNY"),
            NOW);
    assertThat(passes.createPlan(plan, by("admin"))).isTrue();
    return plan;
  }

  private static Payment payment(Payable payable, String user, Money amount) {
    return new Payment(
        UUID.randomUUID().toString().replace("-", ""),
        payable,
        user,
        amount,
        "local",
        PaymentStatus.PENDING,
        0,
        NOW,
        0,
        amount);
  }

  /**
   * A top-up's payment started as checkout starts it: judged, then bound, judged again on a race.
   */
  private Refusal orStarted(String user, WalletPlan plan) {
    return orStarted(user, plan, new ArrayList<>());
  }

  /** The same, keeping the payment it started in {@code started}. */
  private Refusal orStarted(String user, WalletPlan plan, List<Payment> started) {
    TopUp topUp =
        wallets
            .createTopUp(TopUp.unpaid(UUID.randomUUID().toString(), user, plan, NOW), by(user))
            .orElseThrow();
    Payment payment = payment(new Payable.ForTopUp(topUp.topUpId()), user, plan.pay());
    started.add(payment);
    while (true) {
      Outcome<Optional<PrepaidClaim>> claim =
          judge.claim(user, venue.venueId(), new PrepaidPurchase.StoredValue(plan.pay()));
      if (claim instanceof Outcome.Refused<Optional<PrepaidClaim>> beyond) {
        return beyond.refusal();
      }
      Start start =
          wallets.startPayment(
              topUp, payment, ((Outcome.Done<Optional<PrepaidClaim>>) claim).value(), by(user));
      if (start instanceof Start.Started) {
        return null;
      }
      assertThat(start).isInstanceOf(Start.Contended.class);
    }
  }

  /** A pass's payment started the same way. */
  private Refusal orStarted(String user, Plan plan) {
    Pass pass = Pass.unpaid(UUID.randomUUID().toString(), user, plan, NOW);
    assertThat(passes.createPass(pass, Optional.empty(), by(user)))
        .isInstanceOf(PassStore.Created.Made.class);
    Payment payment = payment(new Payable.ForPass(pass.passId()), user, plan.price());
    while (true) {
      Outcome<Optional<PrepaidClaim>> claim = judge.claim(user, venue.venueId(), plan.prepaid(0));
      if (claim instanceof Outcome.Refused<Optional<PrepaidClaim>> beyond) {
        return beyond.refusal();
      }
      PayStart started =
          passes.startPayment(
              pass, payment, ((Outcome.Done<Optional<PrepaidClaim>>) claim).value(), by(user));
      if (started instanceof PayStart.Started) {
        return null;
      }
      assertThat(started).isInstanceOf(PayStart.Contended.class);
    }
  }

  private static List<Refusal> race(List<Callable<Refusal>> racers) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(racers.size());
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Refusal>> answers = new ArrayList<>();
    for (Callable<Refusal> racer : racers) {
      answers.add(
          pool.submit(
              () -> {
                go.await();
                return racer.call();
              }));
    }
    go.countDown();
    List<Refusal> refusals = new ArrayList<>();
    for (Future<Refusal> answer : answers) {
      refusals.add(answer.get(120, TimeUnit.SECONDS));
    }
    pool.shutdown();
    return refusals;
  }

  @Test
  void thirtyTwoTopUpsOfOneMemberStartingAtOnceHoldNoMoreThanTheStoredValueLimit()
      throws Exception {
    WalletPlan thousandYuan = topUpPlan(100_000);
    List<Callable<Refusal>> racers = new ArrayList<>();
    for (int i = 0; i < 32; i++) {
      racers.add(() -> orStarted("m", thousandYuan));
    }

    List<Refusal> answers = race(racers);

    assertThat(answers.stream().filter(r -> r == null)).hasSize(5);
    assertThat(answers.stream().filter(r -> r != null))
        .hasSize(27)
        .allMatch(Refusal.PREPAID_LIMIT::equals);
    assertThat(wallets.startedTopUps("m", venue.venueId())).hasSize(5);
    assertThat(judge.holdings("m", venue.venueId()).storedValueMinor())
        .isEqualTo(PrepaidHoldings.MAX_STORED_VALUE);
    assertThat(judge.holdings("other", venue.venueId())).isEqualTo(PrepaidHoldings.NONE);
  }

  @Test
  void topUpsPaidWhileOthersStartNeverLetTheStoredValuePassItsLimit() throws Exception {
    WalletPlan thousandYuan = topUpPlan(100_000);
    List<Payment> first = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      assertThat(orStarted("m", thousandYuan, first)).isNull();
    }
    List<Callable<Refusal>> racers = new ArrayList<>();
    for (Payment p : first) { // each success moves a top-up into the wallet, and no guard
      racers.add(
          () -> {
            TopUp topUp = wallets.findTopUp("m", p.payable().id()).orElseThrow();
            wallets.settlePayment(
                "evt-" + p.paymentNo(),
                p,
                topUp,
                PaymentCallback.Outcome.SUCCEEDED,
                by("provider"));
            return null;
          });
    }
    for (int i = 0; i < 12; i++) {
      racers.add(() -> orStarted("m", thousandYuan));
    }

    race(racers);

    PrepaidHoldings held = judge.holdings("m", venue.venueId());
    assertThat(held.storedValueMinor()).isEqualTo(PrepaidHoldings.MAX_STORED_VALUE);
    assertThat(wallets.walletsOf("m").get(0).balance().principalMinor()).isEqualTo(400_000);
    assertThat(wallets.startedTopUps("m", venue.venueId())).hasSize(1);
  }

  @Test
  void packsAndTopUpsRacingStayWithinTheSessionsStoredValueAndTotalLimits() throws Exception {
    Plan tenSessions = pack(200_000, 10);
    WalletPlan thousandYuan = topUpPlan(100_000);
    List<Callable<Refusal>> racers = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      racers.add(() -> orStarted("m", tenSessions));
      racers.add(() -> orStarted("m", thousandYuan));
    }

    List<Refusal> answers = race(racers);

    PrepaidHoldings held = judge.holdings("m", venue.venueId());
    assertThat(held.packSessions()).isEqualTo(60); // six packs of ten
    assertThat(held.storedValueMinor()).isEqualTo(500_000);
    assertThat(held.totalMinor())
        .isEqualTo(1_700_000)
        .isLessThanOrEqualTo(PrepaidHoldings.MAX_TOTAL);
    assertThat(answers.stream().filter(r -> r == null)).hasSize(11);
  }

  @Test
  void aPassMadeOnAGuardAnotherPurchaseMovedIsNotWritten() {
    Plan tenSessions = pack(200_000, 10);
    Optional<PrepaidClaim> seen =
        ((Outcome.Done<Optional<PrepaidClaim>>)
                judge.claim("m", venue.venueId(), tenSessions.prepaid(0)))
            .value();
    assertThat(seen).isPresent();
    assertThat(orStarted("m", tenSessions)).isNull(); // another purchase lands first

    Pass late = Pass.paid(UUID.randomUUID().toString(), "m", tenSessions, NOW);
    var created = passes.createPass(late, seen, by("desk"));

    assertThat(created).isEqualTo(new PassStore.Created.Contended());
    assertThat(passes.findPass("m", late.passId())).isEmpty();
  }
}
