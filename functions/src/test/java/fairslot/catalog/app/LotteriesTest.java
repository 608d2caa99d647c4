package fairslot.catalog.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.memory.MemoryWorld;
import org.junit.jupiter.api.Test;

/** A slot's lottery is read only for a LOTTERY slot: its closing and its seed's hash. */
class LotteriesTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Lotteries lotteries = new Lotteries(world.lotteryStore);

  @Test
  void aSlotThatIsNoLotteryHasNoneAndIsNotLookedUp() {
    Slot direct = world.slot(ResourceKind.SEATS, 3, 5000, Admission.DIRECT);

    assertThat(lotteries.of(direct)).isEmpty();
  }

  @Test
  void aLotterySlotsDrawIsItsOwnAndStillOpen() {
    var hall = world.hall(fairslot.catalog.domain.VenuePolicy.DEFAULT);
    var closes = world.clock.instant().plus(java.time.Duration.ofHours(12));
    Slot lottery =
        world.lotterySlot(hall, world.clock.instant().plus(java.time.Duration.ofDays(1)), closes);

    var drawn = lotteries.of(lottery);

    assertThat(drawn).isPresent();
    assertThat(drawn.get().slotId()).isEqualTo(lottery.slotId());
    assertThat(drawn.get().closesAt()).isEqualTo(closes);
  }
}
