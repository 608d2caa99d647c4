package fairslot.pass.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.JobReport;
import fairslot.kernel.Money;
import fairslot.memory.MemoryWorld;
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.PassStatus;
import fairslot.pass.domain.PlanKind;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The expire-passes job on the in-memory stores: only passes past their validity, once. */
class PassExpiryTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot slot = world.slot(ResourceKind.SEATS, 4, 5000, Admission.DIRECT);

  private Pass activePass(String user, Duration validity) {
    var plan =
        done(
            world.passService.createPlan(
                "admin",
                new PassService.CreatePlan(
                    slot.venueId(),
                    "Free week",
                    PlanKind.PACK,
                    5,
                    validity,
                    Set.of(),
                    new Money(0, "CNY")),
                Optional.empty()));
    return done(world.passService.buy(user, plan.planId(), Optional.empty()));
  }

  private PassStatus stored(Pass p) {
    return world.passStore.findPass(p.userId(), p.passId()).orElseThrow().status();
  }

  @Test
  void aPassPastItsValidityIsExpiredOnceAndOneStillValidIsLeft() {
    Pass week = activePass("u1", Duration.ofDays(7));
    Pass month = activePass("u2", Duration.ofDays(30));

    JobReport early = world.passExpiry.run(10);
    world.clock.advance(Duration.ofDays(8));
    JobReport due = world.passExpiry.run(10);
    JobReport again = world.passExpiry.run(10);

    assertThat(early.due()).isZero();
    assertThat(due.due()).isEqualTo(1);
    assertThat(due.changed()).isEqualTo(1);
    assertThat(again.due()).as("an expired pass leaves the index").isZero();
    assertThat(stored(week)).isEqualTo(PassStatus.EXPIRED);
    assertThat(stored(month)).isEqualTo(PassStatus.ACTIVE);
  }
}
