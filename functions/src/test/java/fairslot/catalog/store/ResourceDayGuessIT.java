package fairslot.catalog.store;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.store.DynamoDbBookingStore;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.SessionRules;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.SlotStatus;
import fairslot.kernel.Change;
import fairslot.kernel.Interval;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.testing.Aws;
import fairslot.testing.ContractFixtures;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Every EXCLUSIVE slot is written on its resource's day (combined resources find counterparts
 * there). A container guesses each day's version from its own last write, so a day of hourly courts
 * costs one transaction a slot, not two; a guess gone stale (a neighbour cancelled elsewhere) is
 * corrected by the version condition and never refuses a slot by itself.
 */
class ResourceDayGuessIT {
  private final AtomicInteger transactions = new AtomicInteger();
  private final DynamoDbClient counted =
      fairslot.testing.WatchedDynamo.before(
          "TransactWriteItems", () -> transactions.incrementAndGet());
  private final String table = Aws.freshTable("daysguess");

  private static Slot later(Slot slot, Duration by, SessionRules rules) {
    return new Slot(
        UUID.randomUUID().toString(),
        slot.venueId(),
        slot.resourceId(),
        slot.kind(),
        new Interval(slot.interval().start().plus(by), slot.interval().end().plus(by)),
        slot.capacity(),
        slot.capacity(),
        SlotStatus.OPEN,
        slot.price(),
        slot.admission(),
        0,
        slot.timeZone(),
        slot.policy(),
        0,
        slot.assignment(),
        slot.inherited(),
        rules);
  }

  @Test
  void aDayOfHourlyCourtsCostsOneTransactionASlot() {
    DynamoDbCatalogStore store = new DynamoDbCatalogStore(counted, table);
    Slot first =
        new ContractFixtures(store, new DynamoDbBookingStore(counted, table))
            .slot(ResourceKind.EXCLUSIVE, 1);
    transactions.set(0);

    for (int hour = 1; hour <= 10; hour++) {
      assertThat(store.createSlot(later(first, Duration.ofHours(hour), SessionRules.NONE)))
          .isInstanceOf(Outcome.Done.class);
    }

    // Ten slots, ten transactions (without the guess: each failed once on "not written yet").
    assertThat(transactions.get()).isEqualTo(10);
  }

  @Test
  void aStaleGuessNeitherRefusesASlotNorLetsOneBreakAGap() {
    SessionRules gap = new SessionRules(Duration.ofMinutes(30), Optional.empty());
    DynamoDbCatalogStore here = new DynamoDbCatalogStore(counted, table);
    DynamoDbCatalogStore elsewhere = new DynamoDbCatalogStore(Aws.dynamo(), table);
    Slot base =
        new ContractFixtures(here, new DynamoDbBookingStore(counted, table))
            .slot(ResourceKind.EXCLUSIVE, 1);
    Slot ten = later(base, Duration.ofHours(10), gap);
    assertThat(here.createSlot(ten)).isInstanceOf(Outcome.Done.class);
    // Another container cancels it: this one's guess of the day still holds it.
    assertThat(elsewhere.cancelSlot(ten.slotId(), Change.by("admin", ten.interval().start(), "x")))
        .isInstanceOf(Outcome.Done.class);

    // Right after it ends (inside its gap, were it not cancelled): created.
    Outcome<Slot> right = here.createSlot(later(base, Duration.ofHours(11), gap));
    assertThat(right).isInstanceOf(Outcome.Done.class);

    // And a slot inside a live neighbour's gap that another container made: refused.
    Slot noon = later(base, Duration.ofHours(13), gap);
    assertThat(elsewhere.createSlot(noon)).isInstanceOf(Outcome.Done.class);
    Outcome<Slot> tooClose = here.createSlot(later(base, Duration.ofHours(14), gap));
    assertThat(((Outcome.Refused<?>) tooClose).refusal()).isEqualTo(Refusal.CONFLICT_BUFFER);
  }
}
