package fairslot.payment.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.Booked;
import fairslot.booking.domain.Book;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.idempotency.app.StoredResponse;
import fairslot.kernel.IdempotentRequest;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.member.app.Customer;
import fairslot.memory.MemoryWorld;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.Payable;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentStatus;
import fairslot.pass.app.PassService;
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.PassStatus;
import fairslot.pass.domain.PlanKind;
import java.time.Duration;
import java.time.LocalDate;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A paid pass refunded by finance (v1.3) on the in-memory stores: the unused credits' share goes
 * back through the pass's provider as a part of its payment, the credits left are voided in the
 * same write, and the part settles, fails and goes to finance on the same path as a booking's.
 */
class PassRefundsTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot slot = world.slot(ResourceKind.SEATS, 10, 5000, Admission.DIRECT);

  private String plan(PlanKind kind, int credits, long priceMinor) {
    return done(world.passService.createPlan(
            "admin",
            new PassService.CreatePlan(
                slot.venueId(),
                "Plan",
                kind,
                credits,
                Duration.ofDays(30),
                Set.of(),
                new Money(priceMinor, "CNY")),
            Optional.empty()))
        .planId();
  }

  /** A pass bought by {@code user} and paid through the provider. */
  private Pass paid(String user, String planId) {
    Pass pass = done(world.passService.buy(user, planId, Optional.empty()));
    Payment p =
        done(world.payments.pay(user, new Payable.ForPass(pass.passId()), Optional.empty()))
            .payment();
    done(
        world.payments.callback(
            new PaymentCallback(
                "paid-" + p.paymentNo(),
                p.paymentNo(),
                p.payable(),
                p.amount(),
                PaymentCallback.Outcome.SUCCEEDED,
                "")));
    return world.passStore.findPass(user, pass.passId()).orElseThrow();
  }

  private void spend(String user, Pass pass, int credits) {
    assertThat(
            done(
                world.bookings.book(
                    new Book(
                        user,
                        slot.slotId(),
                        credits,
                        false,
                        Optional.empty(),
                        user,
                        Optional.of(pass.passId())))))
        .isInstanceOf(Booked.Created.class);
  }

  private Outcome<PassRefunds.Answer> ask(Pass pass, Optional<Long> amount) {
    return world.payments.refundPass(
        "finance",
        pass.passId(),
        amount,
        Optional.empty(),
        Optional.empty(),
        made -> new StoredResponse(200, made.part().refundNo()));
  }

  private PassRefunds.PassRefund refund(Pass pass, Optional<Long> amount) {
    return ((PassRefunds.Answer.Made) done(ask(pass, amount))).refund();
  }

  private Refusal refused(Pass pass, Optional<Long> amount) {
    return ((Outcome.Refused<?>) ask(pass, amount)).refusal();
  }

  @Test
  void theUnusedCreditsShareGoesBackThroughTheProviderAndTheCreditsLeftAreVoided() {
    Pass pass = paid("u1", plan(PlanKind.PACK, 5, 4000));
    spend("u1", pass, 2);

    PassRefunds.PassRefund r = refund(pass, Optional.empty());

    assertThat(r.part().refund()).isEqualTo(new Money(2400, "CNY"));
    assertThat(r.part().status()).isEqualTo(PaymentStatus.REFUNDING);
    assertThat(r.refunded()).isEqualTo(new Money(2400, "CNY"));
    assertThat(world.provider.refundAsks)
        .extracting(Payment::refundNo)
        .containsExactly(r.part().refundNo());
    Pass now = world.passStore.findPass("u1", pass.passId()).orElseThrow();
    assertThat(now.creditsLeft()).isZero();
    assertThat(now.creditsRefunded()).isEqualTo(3);
    assertThat(now.statusAt(world.clock.instant())).isEqualTo(PassStatus.USED_UP);
    assertThat(world.ledgerDeviations()).isEmpty();
    LocalDate today = LocalDate.ofInstant(world.clock.instant(), slot.timeZone());
    assertThat(world.desk.dailyReport(slot.venueId(), today).passRefundedMinor()).contains(2400L);
    assertThat(refused(pass, Optional.empty())).isEqualTo(Refusal.INVALID_TRANSITION);
  }

  @Test
  void theProvidersReportSettlesThePartOnceAndTouchesNoBooking() {
    Pass pass = paid("u1", plan(PlanKind.PACK, 4, 4000));
    Payment part = refund(pass, Optional.empty()).part();
    PaymentCallback report =
        new PaymentCallback(
            "re-1",
            part.paymentNo(),
            part.payable(),
            part.refund(),
            PaymentCallback.Outcome.REFUNDED,
            "",
            Optional.of(part.refundNo()));

    assertThat(done(world.payments.callback(report))).isEqualTo(PaymentService.Applied.APPLIED);
    assertThat(done(world.payments.callback(report))).isEqualTo(PaymentService.Applied.DUPLICATE);
    assertThat(world.paymentStore.findPart(part.paymentNo(), 1).orElseThrow().status())
        .isEqualTo(PaymentStatus.REFUNDED);
    assertThat(world.paymentStore.findPayment(part.paymentNo()).orElseThrow().status())
        .isEqualTo(PaymentStatus.SUCCEEDED);
    assertThat(world.paymentStore.exceptions()).isEmpty();
  }

  @Test
  void financeMayNameAnAmountUpToWhatThePaymentStillHolds() {
    Pass pass = paid("u1", plan(PlanKind.PACK, 4, 4000));
    refund(pass, Optional.of(1000L));

    assertThat(refused(pass, Optional.of(3001L))).isEqualTo(Refusal.REFUND_EXCEEDS_PAYMENT);
    assertThat(refund(pass, Optional.of(3000L)).refunded()).isEqualTo(new Money(4000, "CNY"));
    assertThat(refused(pass, Optional.of(1L))).isEqualTo(Refusal.REFUND_EXCEEDS_PAYMENT);
    assertThat(world.provider.refundAsks).hasSize(2);
  }

  @Test
  void aMembershipGivesBackTheShareOfItsValidityStillToComeAndEnds() {
    Pass pass = paid("u1", plan(PlanKind.MEMBERSHIP, 0, 3000));
    world.clock.advance(Duration.ofDays(10));

    PassRefunds.PassRefund r = refund(pass, Optional.empty());

    assertThat(r.part().refund()).isEqualTo(new Money(2000, "CNY"));
    assertThat(
            world
                .passStore
                .findPass("u1", pass.passId())
                .orElseThrow()
                .statusAt(world.clock.instant()))
        .isEqualTo(PassStatus.EXPIRED);
  }

  @Test
  void aPassSoldAtTheDeskHasNoProviderPaymentToRefund() {
    Pass sold =
        done(
            world.passService.sellAtDesk(
                "desk",
                plan(PlanKind.PACK, 5, 4000),
                new Customer.Account("u1"),
                Optional.empty()));

    assertThat(refused(sold, Optional.empty())).isEqualTo(Refusal.INVALID_TRANSITION);
    assertThat(world.passStore.findPass("u1", sold.passId()).orElseThrow().creditsLeft())
        .isEqualTo(5);
    assertThat(world.provider.refundAsks).isEmpty();
  }

  @Test
  void aRefundTheProviderKeepsRefusingGoesToFinanceWithThePassesVenueAndIsRetriedThere() {
    world.provider.refundAnswer = PaymentProvider.RefundAttempt.FAILED;
    Pass pass = paid("u1", plan(PlanKind.PACK, 4, 4000));
    Payment part = refund(pass, Optional.empty()).part();
    for (int i = 0; i < Refunds.MAX_ATTEMPTS + 2; i++) {
      world.clock.advance(Duration.ofHours(2));
      world.refunds.retryDue(10);
    }

    FinanceException e =
        world.paymentStore.exceptions().stream()
            .filter(x -> x.kind() == FinanceException.Kind.REFUND_FAILED)
            .findFirst()
            .orElseThrow();
    assertThat(e.refundNo()).contains(part.refundNo());
    assertThat(e.venueId()).contains(slot.venueId());
    assertThat(e.bookingId()).isEmpty();
    assertThat(world.paymentStore.findPart(part.paymentNo(), 1).orElseThrow().status())
        .isEqualTo(PaymentStatus.REFUND_FAILED);

    world.provider.refundAnswer = PaymentProvider.RefundAttempt.ACCEPTED;
    done(world.finance.retryRefund(e.exceptionId(), "fin-1"));
    assertThat(world.paymentStore.findPart(part.paymentNo(), 1).orElseThrow().status())
        .isEqualTo(PaymentStatus.REFUNDING);
  }

  @Test
  void twinsWithOneIdempotencyKeyRefundOnceAndAnswerAlike() {
    Pass pass = paid("u1", plan(PlanKind.PACK, 4, 4000));
    Optional<IdempotentRequest> key = Optional.of(new IdempotentRequest("finance#k1", "fp"));
    Outcome<PassRefunds.Answer> first =
        world.payments.refundPass(
            "finance",
            pass.passId(),
            Optional.of(1000L),
            Optional.empty(),
            key,
            made -> new StoredResponse(200, "first " + made.part().refundNo()));
    // the twin read the pass before the first wrote: its write meets the key and replays
    Outcome<PassRefunds.Answer> twin =
        world.payments.refundPass(
            "finance",
            pass.passId(),
            Optional.of(1000L),
            Optional.empty(),
            key,
            made -> new StoredResponse(200, "twin " + made.part().refundNo()));
    Outcome<PassRefunds.Answer> other =
        world.payments.refundPass(
            "finance",
            pass.passId(),
            Optional.of(1000L),
            Optional.empty(),
            Optional.of(new IdempotentRequest("finance#k1", "another body")),
            made -> new StoredResponse(200, "other"));

    assertThat(done(first)).isInstanceOf(PassRefunds.Answer.Made.class);
    assertThat(done(twin)).isInstanceOf(PassRefunds.Answer.Replayed.class);
    assertThat(done(twin).response()).isEqualTo(done(first).response());
    assertThat(((Outcome.Refused<?>) other).refusal()).isEqualTo(Refusal.IDEMPOTENCY_KEY_REUSED);
    assertThat(world.provider.refundAsks).hasSize(1);
  }
}
