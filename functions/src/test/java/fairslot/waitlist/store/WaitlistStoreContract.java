package fairslot.waitlist.store;

import static fairslot.testing.ContractFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.BookingStore;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.Change;
import fairslot.testing.ContractFixtures;
import fairslot.waitlist.app.WaitlistStore;
import fairslot.waitlist.app.WaitlistStore.JoinResult;
import fairslot.waitlist.app.WaitlistStore.MoveResult;
import fairslot.waitlist.domain.WaitlistEntry;
import fairslot.waitlist.domain.WaitlistStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every WaitlistStore must do, through the ports alone: on the in-memory fake
 * (MemoryWaitlistStoreTest) and on the DynamoDB adapter against the emulator
 * (DynamoDbWaitlistStoreIT).
 */
public abstract class WaitlistStoreContract {

  protected record Stores(CatalogStore catalog, BookingStore bookings, WaitlistStore waitlist) {}

  protected abstract Stores fresh();

  private CatalogStore catalog;
  private BookingStore bookings;
  private WaitlistStore waitlist;
  private ContractFixtures fixtures;

  @BeforeEach
  void setUp() {
    Stores stores = fresh();
    catalog = stores.catalog();
    bookings = stores.bookings();
    waitlist = stores.waitlist();
    fixtures = new ContractFixtures(catalog, bookings);
  }

  /** A one-seat slot whose seat u0 holds, so members may join its waitlist. */
  private Slot soldOut() {
    Slot slot = fixtures.slot(ResourceKind.SEATS, 1);
    fixtures.place(ContractFixtures.booking("u0", slot, 1));
    return now(slot);
  }

  private Slot now(Slot slot) {
    return catalog.findSlot(slot.slotId()).orElseThrow();
  }

  private WaitlistEntry now(WaitlistEntry e) {
    return waitlist.find(e.entryId()).orElseThrow();
  }

  private WaitlistEntry join(Slot slot, String user) {
    return ((JoinResult.Joined) waitlist.join(now(slot), user, UUID.randomUUID().toString(), NOW))
        .entry();
  }

  /** u0's booking is cancelled: with members waiting, its seat is owed to them. */
  private void releaseTheSeat(Slot slot) {
    Booking held =
        bookings
            .bookingsOfSlot(
                slot.slotId(), new fairslot.kernel.PageRequest(10, java.util.Optional.empty()))
            .items()
            .get(0);
    bookings.release(held, BookingStatus.CANCELLED, by("u0"));
  }

  private static Change by(String actor) {
    return Change.by(actor, NOW, "contract");
  }

  @Test
  void membersJoinOnlyASoldOutSlotAndOnceEach() {
    Slot open = fixtures.slot(ResourceKind.SEATS, 1);
    Slot full = soldOut();

    JoinResult early = waitlist.join(open, "u1", UUID.randomUUID().toString(), NOW);
    WaitlistEntry first = join(full, "u1");
    JoinResult again = waitlist.join(now(full), "u1", UUID.randomUUID().toString(), NOW);

    assertThat(early).isEqualTo(new JoinResult.SeatsAvailable());
    assertThat(again).isEqualTo(new JoinResult.AlreadyIn(first));
    assertThat(now(full).waitlistLength()).isEqualTo(1);
    assertThat(waitlist.entryOf(full.slotId(), "u1")).contains(first);
  }

  @Test
  void theHeadIsTheEarliestWaiterAndEachKnowsWhoIsAhead() {
    Slot slot = soldOut();
    WaitlistEntry first = join(slot, "u1");
    WaitlistEntry second = join(slot, "u2");
    WaitlistEntry third = join(slot, "u3");

    assertThat(waitlist.head(slot.slotId())).contains(first);
    assertThat(waitlist.waitingAhead(first)).isZero();
    assertThat(waitlist.waitingAhead(third)).isEqualTo(2);
    assertThat(waitlist.entriesOf(slot.slotId())).containsExactly(first, second, third);
  }

  @Test
  void anOfferTakesOnlyASeatThatIsOwed() {
    Slot slot = soldOut();
    WaitlistEntry head = join(slot, "u1");
    Instant deadline = NOW.plus(Duration.ofMinutes(30));

    MoveResult nothingOwed = waitlist.offer(head, deadline, by("system"));
    releaseTheSeat(slot);
    assertThat(waitlist.slotsAwaitingOffers(10)).contains(slot.slotId());
    MoveResult offered = waitlist.offer(head, deadline, by("system"));

    assertThat(nothingOwed).isEqualTo(new MoveResult.Missed());
    assertThat(offered).isEqualTo(new MoveResult.Moved());
    assertThat(now(head).status()).isEqualTo(WaitlistStatus.OFFERED);
    assertThat(now(head).offerExpiresAt()).contains(deadline);
    Slot after = now(slot);
    assertThat(after.remaining()).isZero();
    assertThat(after.forWaitlist()).isZero();
    assertThat(after.waitlistLength()).isZero();
  }

  @Test
  void anOfferEndsOnlyOnceDueAndWithNobodyWaitingItsSeatGoesBackOnSale() {
    Slot slot = soldOut();
    WaitlistEntry head = join(slot, "u1");
    releaseTheSeat(slot);
    Instant deadline = NOW.plus(Duration.ofMinutes(30));
    waitlist.offer(head, deadline, by("system"));
    WaitlistEntry offered = now(head);

    MoveResult early =
        waitlist.endOffer(
            offered,
            WaitlistStatus.EXPIRED,
            Change.expiry(deadline.minusSeconds(1), "sweep", "due"));
    assertThat(waitlist.dueOffers(deadline, 10)).containsExactly(offered);
    MoveResult due =
        waitlist.endOffer(offered, WaitlistStatus.EXPIRED, Change.expiry(deadline, "sweep", "due"));

    assertThat(early).isEqualTo(new MoveResult.Missed());
    assertThat(due).isEqualTo(new MoveResult.Moved());
    assertThat(now(head).status()).isEqualTo(WaitlistStatus.EXPIRED);
    assertThat(now(slot).remaining()).isEqualTo(1);
    assertThat(now(slot).forWaitlist()).isZero();
    assertThat(waitlist.dueOffers(deadline, 10)).isEmpty();
  }

  @Test
  void anEndedOfferGoesToTheWaitlistWhileMembersWait() {
    Slot slot = soldOut();
    WaitlistEntry head = join(slot, "u1");
    releaseTheSeat(slot);
    waitlist.offer(head, NOW.plus(Duration.ofMinutes(30)), by("system"));
    join(slot, "u2");

    waitlist.endOffer(now(head), WaitlistStatus.LEFT, by("u1"));

    assertThat(now(slot).remaining()).isEqualTo(1);
    assertThat(now(slot).forWaitlist()).isEqualTo(1);
    assertThat(waitlist.settleOwedSeats(slot.slotId())).isFalse();
  }

  @Test
  void leavingShortensTheLineOnce() {
    Slot slot = soldOut();
    WaitlistEntry first = join(slot, "u1");
    WaitlistEntry second = join(slot, "u2");

    assertThat(waitlist.leave(first, by("u1"))).isEqualTo(new MoveResult.Moved());
    assertThat(waitlist.leave(first, by("u1"))).isEqualTo(new MoveResult.Missed());
    assertThat(now(slot).waitlistLength()).isEqualTo(1);
    assertThat(waitlist.head(slot.slotId())).contains(second);
  }

  @Test
  void aConsumedEventIsRememberedOnce() {
    assertThat(waitlist.remember("evt-1", NOW)).isTrue();
    assertThat(waitlist.remember("evt-1", NOW)).isFalse();
  }
}
