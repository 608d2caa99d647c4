package fairslot.pass.store;

import static fairslot.testing.ContractFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.OperatingStatus;
import fairslot.catalog.domain.Venue;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.idempotency.app.KeyedWrite;
import fairslot.idempotency.app.Replayable;
import fairslot.idempotency.app.StoredResponse;
import fairslot.kernel.Change;
import fairslot.kernel.IdempotentRequest;
import fairslot.kernel.Money;
import fairslot.money.domain.Payable;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.RefundPartPlan;
import fairslot.pass.app.PassStore;
import fairslot.pass.app.PassStore.PayStart;
import fairslot.pass.app.PassStore.Settled;
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.PassStatus;
import fairslot.pass.domain.Plan;
import fairslot.pass.domain.PlanKind;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every PassStore must do, through the ports alone: on the in-memory fake
 * (MemoryPassStoreTest) and on the DynamoDB adapter against the emulator (DynamoDbPassStoreIT).
 */
public abstract class PassStoreContract {

  protected record Stores(CatalogStore catalog, PassStore passes) {}

  protected abstract Stores fresh();

  private CatalogStore catalog;
  private PassStore passes;
  private Venue venue;

  @BeforeEach
  void setUp() {
    Stores stores = fresh();
    catalog = stores.catalog();
    passes = stores.passes();
    venue =
        catalog.createVenue(
            new Venue(UUID.randomUUID().toString(), "Club", ZoneOffset.UTC, VenuePolicy.DEFAULT));
  }

  private Plan plan() {
    return new Plan(
        UUID.randomUUID().toString(),
        venue.venueId(),
        ZoneOffset.UTC,
        "Ten",
        PlanKind.PACK,
        10,
        Duration.ofDays(30),
        Set.of(),
        new Money(3000, "CNY"),
        NOW);
  }

  private static Change by(String actor) {
    return Change.by(actor, NOW, "contract");
  }

  private static Payment paymentFor(Pass pass) {
    return new Payment(
        UUID.randomUUID().toString(),
        new Payable.ForPass(pass.passId()),
        pass.userId(),
        pass.plan().price(),
        "local",
        PaymentStatus.PENDING,
        0,
        NOW,
        0,
        pass.plan().price());
  }

  private void disableTheVenue() {
    Venue seen = catalog.findVenue(venue.venueId()).orElseThrow();
    Venue disabled =
        new Venue(
            seen.venueId(),
            seen.name(),
            seen.timeZone(),
            seen.policy(),
            OperatingStatus.DISABLED,
            seen.rev());
    assertThat(catalog.editVenue(seen, disabled, by("admin"))).isTrue();
  }

  @Test
  void aPlanIsWrittenOnceAndListedUnderItsVenue() {
    Plan plan = plan();

    boolean first = passes.createPlan(plan, by("admin"));
    boolean again = passes.createPlan(plan, by("admin"));

    assertThat(first).isTrue();
    assertThat(again).isTrue();
    assertThat(passes.findPlan(plan.planId())).isPresent();
    assertThat(
            passes
                .plansOf(
                    venue.venueId(),
                    new fairslot.kernel.PageRequest(50, java.util.Optional.empty()))
                .items())
        .extracting(Plan::planId)
        .containsExactly(plan.planId());
  }

  @Test
  void aPassIsWrittenOnceAndAPaymentStartedOnceForIt() {
    Plan plan = plan();
    passes.createPlan(plan, by("admin"));
    Pass pass = Pass.unpaid(UUID.randomUUID().toString(), "m", plan, NOW);

    var created = passes.createPass(pass, Optional.empty(), by("m"));
    var twice = passes.createPass(pass, Optional.empty(), by("m"));
    Payment payment = paymentFor(pass);
    PayStart started = passes.startPayment(pass, payment, Optional.empty(), by("m"));
    PayStart second = passes.startPayment(pass, paymentFor(pass), Optional.empty(), by("m"));

    assertThat(created).isEqualTo(new PassStore.Created.Made(pass));
    assertThat(twice).isInstanceOf(PassStore.Created.Made.class);
    assertThat(started).isInstanceOf(PayStart.Started.class);
    assertThat(second).isEqualTo(new PayStart.AlreadyStarted(payment.paymentNo()));
  }

  @Test
  void aDisabledVenueTakesNoPlanNoPassAndNoPassPayment() {
    Plan plan = plan();
    passes.createPlan(plan, by("admin"));
    Pass waiting = Pass.unpaid(UUID.randomUUID().toString(), "m", plan, NOW);
    passes.createPass(waiting, Optional.empty(), by("m"));
    disableTheVenue();

    boolean newPlan = passes.createPlan(plan(), by("admin"));
    var newPass =
        passes.createPass(
            Pass.unpaid(UUID.randomUUID().toString(), "m2", plan, NOW), Optional.empty(), by("m2"));
    PayStart pay = passes.startPayment(waiting, paymentFor(waiting), Optional.empty(), by("m"));

    assertThat(newPlan).isFalse();
    assertThat(newPass).isEqualTo(new PassStore.Created.VenueDisabled());
    assertThat(pay).isEqualTo(new PayStart.VenueDisabled());
  }

  @Test
  void aSuccessActivatesThePassOnceAndAReplayIsADuplicate() {
    Plan plan = plan();
    passes.createPlan(plan, by("admin"));
    Pass pass = Pass.unpaid(UUID.randomUUID().toString(), "m", plan, NOW);
    passes.createPass(pass, Optional.empty(), by("m"));
    Payment payment = paymentFor(pass);
    passes.startPayment(pass, payment, Optional.empty(), by("m"));
    Pass named = passes.findPass("m", pass.passId()).orElseThrow();

    Settled first =
        passes.settlePayment("e-1", payment, named, PaymentCallback.Outcome.SUCCEEDED, by("p"));
    Settled replay =
        passes.settlePayment("e-1", payment, named, PaymentCallback.Outcome.SUCCEEDED, by("p"));

    assertThat(first).isEqualTo(Settled.APPLIED);
    assertThat(replay).isEqualTo(Settled.DUPLICATE);
    assertThat(passes.findPass("m", pass.passId()).orElseThrow().status())
        .isEqualTo(PassStatus.ACTIVE);
  }

  @Test
  void aSuccessAfterAFailureActivatesThePassThatStillWaits() {
    Plan plan = plan();
    passes.createPlan(plan, by("admin"));
    Pass pass = Pass.unpaid(UUID.randomUUID().toString(), "m", plan, NOW);
    passes.createPass(pass, Optional.empty(), by("m"));
    Payment payment = paymentFor(pass);
    passes.startPayment(pass, payment, Optional.empty(), by("m"));
    passes.settlePayment(
        "e-1",
        payment,
        passes.findPass("m", pass.passId()).orElseThrow(),
        PaymentCallback.Outcome.FAILED,
        by("p"));
    Payment failed =
        new Payment(
            payment.paymentNo(),
            payment.payable(),
            payment.userId(),
            payment.amount(),
            payment.provider(),
            PaymentStatus.FAILED,
            0,
            payment.createdAt(),
            0,
            payment.refund());

    Settled late =
        passes.settlePayment(
            "e-2",
            failed,
            passes.findPass("m", pass.passId()).orElseThrow(),
            PaymentCallback.Outcome.SUCCEEDED,
            by("p"));

    assertThat(late).isEqualTo(Settled.APPLIED);
    Pass now = passes.findPass("m", pass.passId()).orElseThrow();
    assertThat(now.status()).isEqualTo(PassStatus.ACTIVE);
    assertThat(now.paymentNo()).contains(payment.paymentNo());
  }

  @Test
  void aPassIsFoundByItsIdAloneAndOneOfManyRacingRefundsVoidsItsCredits() throws Exception {
    Plan plan = plan();
    passes.createPlan(plan, by("admin"));
    Pass pass = Pass.unpaid(UUID.randomUUID().toString(), "m", plan, NOW);
    passes.createPass(pass, Optional.empty(), by("m"));
    Payment payment = paymentFor(pass);
    passes.startPayment(pass, payment, Optional.empty(), by("m"));
    passes.settlePayment(
        "e-1",
        payment,
        passes.findPass("m", pass.passId()).orElseThrow(),
        PaymentCallback.Outcome.SUCCEEDED,
        by("p"));
    Pass paid = passes.findPass(pass.passId()).orElseThrow();
    Payment succeeded = payment.withRefund(PaymentStatus.SUCCEEDED, 0);
    RefundPartPlan refund =
        RefundPartPlan.of(succeeded, List.of(), new Money(1500, "CNY"), NOW).orElseThrow();

    int racers = 32;
    ExecutorService pool = Executors.newFixedThreadPool(racers);
    CountDownLatch start = new CountDownLatch(1);
    Replayable keyed =
        new Replayable(
            new IdempotentRequest("finance#" + UUID.randomUUID(), "fp"),
            new StoredResponse(200, "{\"refund\":1}"));
    List<Future<KeyedWrite>> answers = new ArrayList<>();
    for (int i = 0; i < racers; i++) {
      Optional<Replayable> key = i % 2 == 0 ? Optional.of(keyed) : Optional.empty();
      answers.add(
          pool.submit(
              () -> {
                start.await();
                return passes.refund(paid, paid.refunded(NOW), refund, key, by("finance"));
              }));
    }
    start.countDown();
    int won = 0;
    for (Future<KeyedWrite> answer : answers) {
      KeyedWrite r = answer.get(2, TimeUnit.MINUTES);
      won += r instanceof KeyedWrite.Made ? 1 : 0;
      assertThat(r).isNotInstanceOf(KeyedWrite.KeyReused.class);
    }
    pool.shutdown();
    KeyedWrite retried =
        passes.refund(paid, paid.refunded(NOW), refund, Optional.of(keyed), by("finance"));
    KeyedWrite otherBody =
        passes.refund(
            paid,
            paid.refunded(NOW),
            refund,
            Optional.of(
                new Replayable(
                    new IdempotentRequest(keyed.request().scope(), "fp2"), keyed.response())),
            by("finance"));

    assertThat(paid.status()).isEqualTo(PassStatus.ACTIVE);
    assertThat(paid.userId()).isEqualTo("m");
    assertThat(won).isEqualTo(1);
    // the key was kept only if a keyed racer won; a plain winner leaves it free, and the retry
    // moves
    assertThat(retried).isInstanceOfAny(KeyedWrite.Replay.class, KeyedWrite.Moved.class);
    if (retried instanceof KeyedWrite.Replay replay) {
      assertThat(replay.response()).isEqualTo(keyed.response());
      assertThat(otherBody).isInstanceOf(KeyedWrite.KeyReused.class);
    }
    Pass now = passes.findPass(pass.passId()).orElseThrow();
    assertThat(now.creditsLeft()).isZero();
    assertThat(now.creditsRefunded()).isEqualTo(10);
    assertThat(passes.findPass(UUID.randomUUID().toString())).isEmpty();
  }
}
