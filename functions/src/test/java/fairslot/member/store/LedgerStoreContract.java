package fairslot.member.store;

import static fairslot.testing.ContractFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.BookingStore;
import fairslot.booking.app.LedgerStore;
import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.app.SeatCount;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.Change;
import fairslot.member.domain.MemberLedger;
import fairslot.testing.ContractFixtures;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every LedgerStore (reconcile's recounts) must do, through the ports alone, on the in-memory
 * fake (MemoryLedgerStoreTest), on moto (DynamoDbLedgerStoreIT) and on dynoxide
 * (DynoxideLedgerStoreIT). Only {@link #skew} reaches past the ports: it breaks a slot's counter
 * the way a bug would, so that the recount has something to find.
 */
public abstract class LedgerStoreContract {

  protected record Stores(CatalogStore catalog, BookingStore bookings, LedgerStore ledger) {}

  protected abstract Stores fresh();

  /** Adds {@code delta} to the slot's remaining counter, as a bug that skipped a seat would. */
  protected abstract void skew(String slotId, int delta);

  private BookingStore bookings;
  private LedgerStore ledger;
  private ContractFixtures fixtures;

  @BeforeEach
  void setUp() {
    Stores stores = fresh();
    bookings = stores.bookings();
    ledger = stores.ledger();
    fixtures = new ContractFixtures(stores.catalog(), bookings);
  }

  private static Change repair() {
    return Change.by("admin", NOW, "reconcile repair");
  }

  private Slot slotWithBookings() {
    Slot slot = fixtures.slot(ResourceKind.SEATS, 5);
    fixtures.place(ContractFixtures.booking("u1", slot, 1));
    fixtures.place(ContractFixtures.booking("u2", slot, 2));
    return slot;
  }

  @Test
  void aBalancedSlotCountsItsActiveBookingsAndNamesTheirMembers() {
    Slot slot = slotWithBookings();

    SeatCount count = ledger.count(slot.slotId()).orElseThrow();

    assertThat(count.capacity()).isEqualTo(5);
    assertThat(count.remaining()).isEqualTo(2);
    assertThat(count.held()).isEqualTo(3);
    assertThat(count.offered()).isZero();
    assertThat(count.balanced()).isTrue();
    assertThat(count.members()).isEqualTo(Set.of("u1", "u2"));
  }

  @Test
  void aSkewedCounterShowsItsImbalanceAndARepairFromThatCountBalancesIt() {
    Slot slot = slotWithBookings();
    skew(slot.slotId(), 1);

    SeatCount off = ledger.count(slot.slotId()).orElseThrow();
    boolean repaired = ledger.repair(off, repair());
    SeatCount after = ledger.count(slot.slotId()).orElseThrow();

    assertThat(off.imbalance()).isEqualTo(1);
    assertThat(repaired).isTrue();
    assertThat(after.remaining()).isEqualTo(2);
    assertThat(after.balanced()).isTrue();
  }

  @Test
  void aRepairFromACountTheCounterHasMovedSinceChangesNothing() {
    Slot slot = slotWithBookings();
    skew(slot.slotId(), 1);
    SeatCount seen = ledger.count(slot.slotId()).orElseThrow();
    skew(slot.slotId(), 1); // the counter moves after the count

    boolean repaired = ledger.repair(seen, repair());

    assertThat(repaired).isFalse();
    assertThat(ledger.count(slot.slotId()).orElseThrow().remaining()).isEqualTo(4);
  }

  @Test
  void aSlotThatDoesNotExistHasNoCount() {
    assertThat(ledger.count("no-such-slot")).isEmpty();
  }

  @Test
  void aMembersUpcomingCounterIsCountedBesideTheirBookings() {
    slotWithBookings();

    MemberLedger u1 = ledger.countMember("u1");
    MemberLedger nobody = ledger.countMember("nobody");

    assertThat(u1.counters()).hasSize(1);
    assertThat(u1.counters().get(0).recounted()).isEqualTo(1);
    assertThat(u1.balanced()).isTrue();
    assertThat(nobody.counters()).isEmpty();
    assertThat(nobody.credits()).isEmpty();
  }
}
