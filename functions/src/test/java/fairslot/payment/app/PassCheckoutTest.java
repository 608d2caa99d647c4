package fairslot.payment.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.memory.MemoryWorld;
import fairslot.money.domain.Payable;
import fairslot.money.domain.PaymentCallback;
import fairslot.pass.app.PassService;
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.PassStatus;
import fairslot.pass.domain.PlanKind;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Paying for a pass on the in-memory stores: one payment per pass however often it is asked, the
 * pass ACTIVE once on success, and nobody pays for a pass that is not theirs or not waiting.
 */
class PassCheckoutTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot slot = world.slot(ResourceKind.SEATS, 3, 5000, Admission.DIRECT);

  private Pass bought(String user) {
    String planId =
        done(world.passService.createPlan(
                "admin",
                new PassService.CreatePlan(
                    slot.venueId(),
                    "Five",
                    PlanKind.PACK,
                    5,
                    Duration.ofDays(30),
                    Set.of(),
                    new Money(4000, "CNY")),
                Optional.empty()))
            .planId();
    return done(world.passService.buy(user, planId, Optional.empty()));
  }

  private Outcome<PaymentService.Applied> succeeded(String eventId, Checkout checkout) {
    return world.payments.callback(
        new PaymentCallback(
            eventId,
            checkout.payment().paymentNo(),
            checkout.payment().payable(),
            checkout.payment().amount(),
            PaymentCallback.Outcome.SUCCEEDED,
            ""));
  }

  @Test
  void aPassIsPaidOnceAndActivatedOnceThoughAskedAndToldTwice() {
    Pass pass = bought("u1");

    Checkout first =
        done(world.payments.pay("u1", new Payable.ForPass(pass.passId()), Optional.empty()));
    Checkout again =
        done(world.payments.pay("u1", new Payable.ForPass(pass.passId()), Optional.empty()));
    PaymentService.Applied applied = done(succeeded("e1", first));
    PaymentService.Applied replay = done(succeeded("e1", first));

    assertThat(again.payment().paymentNo()).isEqualTo(first.payment().paymentNo());
    assertThat(first.payment().amount()).isEqualTo(new Money(4000, "CNY"));
    assertThat(world.provider.charged).hasSize(1);
    assertThat(applied).isEqualTo(PaymentService.Applied.APPLIED);
    assertThat(replay).isEqualTo(PaymentService.Applied.DUPLICATE);
    assertThat(world.passStore.findPass("u1", pass.passId()).orElseThrow().status())
        .isEqualTo(PassStatus.ACTIVE);
    assertThat(
            new PaidFor(
                    world.bookingStore, world.passStore, world.walletStore, world.membershipStore)
                .venueOf(first.payment()))
        .contains(slot.venueId());
  }

  @Test
  void nobodyPaysForAnotherMembersPassOrOneNoLongerWaiting() {
    Pass pass = bought("u1");
    Checkout paid =
        done(world.payments.pay("u1", new Payable.ForPass(pass.passId()), Optional.empty()));
    done(succeeded("e1", paid));

    Outcome<Checkout> stranger =
        world.payments.pay("u2", new Payable.ForPass(pass.passId()), Optional.empty());
    Outcome<Checkout> active =
        world.payments.pay("u1", new Payable.ForPass(pass.passId()), Optional.empty());

    assertThat(((Outcome.Refused<?>) stranger).refusal()).isEqualTo(Refusal.NOT_FOUND);
    assertThat(((Outcome.Refused<?>) active).refusal()).isEqualTo(Refusal.INVALID_TRANSITION);
    assertThat(world.provider.charged).hasSize(1);
  }
}
