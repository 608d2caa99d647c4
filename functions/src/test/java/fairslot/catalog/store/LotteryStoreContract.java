package fairslot.catalog.store;

import static fairslot.testing.ContractFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.BookingStore;
import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.app.LotteryStore;
import fairslot.catalog.domain.Lottery;
import fairslot.catalog.domain.Slot;
import fairslot.testing.ContractFixtures;
import fairslot.testing.Race;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every LotteryStore must do: on the fake (MemoryLotteryStoreTest), on moto
 * (DynamoDbLotteryStoreIT) and on dynoxide (DynoxideLotteryStoreIT). A lottery made with its slot
 * is due once it closes and until drawn; one run at a time holds its draw, even when many claim at
 * once; only the holder releases or finishes it.
 */
public abstract class LotteryStoreContract {
  protected record Stores(CatalogStore catalog, BookingStore bookings, LotteryStore lotteries) {}

  protected abstract Stores fresh();

  private LotteryStore lotteries;
  private ContractFixtures fixtures;

  @BeforeEach
  void setUp() {
    Stores stores = fresh();
    lotteries = stores.lotteries();
    fixtures = new ContractFixtures(stores.catalog(), stores.bookings());
  }

  @Test
  void aClosedLotteryIsDueUntilDrawnAndOnlyItsHolderFinishesIt() {
    Instant closes = NOW.plus(Duration.ofHours(2));
    Slot slot = fixtures.lotterySlot(closes);
    Lottery open = lotteries.find(slot.slotId()).orElseThrow();

    assertThat(open.status()).isEqualTo(Lottery.Status.OPEN);
    assertThat(open.closesAt()).isEqualTo(closes);
    assertThat(lotteries.due(closes.minusSeconds(1), 10)).doesNotContain(slot.slotId());
    assertThat(lotteries.due(closes, 10)).contains(slot.slotId());

    assertThat(lotteries.claim(open, "run-a", closes.plus(Lottery.LEASE))).isTrue();
    assertThat(lotteries.claim(open, "run-b", closes.plus(Lottery.LEASE))).isFalse();
    assertThat(lotteries.finish(slot.slotId(), "run-b", closes)).isFalse();
    assertThat(lotteries.finish(slot.slotId(), "run-a", closes)).isTrue();

    Lottery drawn = lotteries.find(slot.slotId()).orElseThrow();
    assertThat(drawn.status()).isEqualTo(Lottery.Status.DRAWN);
    assertThat(lotteries.due(closes.plus(Duration.ofDays(1)), 10)).doesNotContain(slot.slotId());
    assertThat(lotteries.claim(drawn, "run-c", closes.plus(Lottery.LEASE))).isFalse();
  }

  @Test
  void aReleasedDrawIsOpenAgainForTheNextRun() {
    Instant closes = NOW.plus(Duration.ofHours(2));
    Slot slot = fixtures.lotterySlot(closes);
    Lottery open = lotteries.find(slot.slotId()).orElseThrow();
    lotteries.claim(open, "run-a", closes.plus(Lottery.LEASE));

    boolean byAnother = lotteries.release(slot.slotId(), "run-b");
    boolean byHolder = lotteries.release(slot.slotId(), "run-a");
    Lottery again = lotteries.find(slot.slotId()).orElseThrow();

    assertThat(byAnother).isFalse();
    assertThat(byHolder).isTrue();
    assertThat(again.status()).isEqualTo(Lottery.Status.OPEN);
    assertThat(lotteries.claim(again, "run-b", closes.plus(Lottery.LEASE))).isTrue();
  }

  @Test
  void ofManyRunsClaimingAtOnceExactlyOneHoldsTheDraw() throws Exception {
    Instant closes = NOW.plus(Duration.ofHours(2));
    Slot slot = fixtures.lotterySlot(closes);
    Lottery open = lotteries.find(slot.slotId()).orElseThrow();

    var claims =
        Race.all(12, i -> () -> lotteries.claim(open, "run-" + i, closes.plus(Lottery.LEASE)));

    assertThat(claims).filteredOn(Boolean::booleanValue).hasSize(1);
    Lottery held = lotteries.find(slot.slotId()).orElseThrow();
    assertThat(held.status()).isEqualTo(Lottery.Status.DRAWING);
    assertThat(held.drawer()).hasValueSatisfying(d -> assertThat(d).startsWith("run-"));
  }
}
