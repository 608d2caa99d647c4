package fairslot.booking.store;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.BookingStore;
import fairslot.booking.app.BookingStore.BookingPlan;
import fairslot.booking.app.BookingStore.PlaceResult;
import fairslot.booking.app.BookingStore.ReleaseResult;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.SlotStatus;
import fairslot.idempotency.app.StoredResponse;
import fairslot.kernel.Change;
import fairslot.kernel.IdempotentRequest;
import fairslot.member.domain.MemberCalendar;
import fairslot.testing.ContractFixtures;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every BookingStore must do, judged through the port alone. It runs against the in-memory
 * fake (MemoryBookingStoreTest, milliseconds) and the DynamoDB adapter on the emulator
 * (DynamoDbBookingStoreIT), so the fake the service tests rely on cannot drift from the adapter.
 */
public abstract class BookingStoreContract {
  private static final Instant NOW = ContractFixtures.NOW;

  /** A fresh, empty pair of stores sharing one table (or one set of maps). */
  protected record Stores(CatalogStore catalog, BookingStore bookings) {}

  protected abstract Stores fresh();

  private CatalogStore catalog;
  private BookingStore store;
  private ContractFixtures fixtures;

  @BeforeEach
  void setUp() {
    Stores stores = fresh();
    catalog = stores.catalog();
    store = stores.bookings();
    fixtures = new ContractFixtures(catalog, store);
  }

  private Slot slot(ResourceKind kind, int capacity) {
    return fixtures.slot(kind, capacity);
  }

  private static Booking booking(String user, Slot slot, int quantity) {
    return ContractFixtures.booking(user, slot, quantity);
  }

  private PlaceResult place(Booking b) {
    return fixtures.place(b);
  }

  private PlaceResult place(Booking b, Optional<IdempotentRequest> key) {
    return fixtures.place(b, key);
  }

  private int remaining(Slot slot) {
    return catalog.findSlot(slot.slotId()).orElseThrow().remaining();
  }

  @Test
  void placingTakesTheSeatsAndBeyondCapacityIsSoldOutWithWhatIsLeft() {
    Slot slot = slot(ResourceKind.SEATS, 3);

    assertThat(place(booking("u1", slot, 2))).isInstanceOf(PlaceResult.Placed.class);
    assertThat(place(booking("u2", slot, 2))).isEqualTo(new PlaceResult.SoldOut(1));
    assertThat(remaining(slot)).isEqualTo(1);
  }

  @Test
  void aSecondActiveBookingOfTheMemberIsRefusedNamingTheFirst() {
    Slot slot = slot(ResourceKind.SEATS, 5);
    Booking first = booking("u1", slot, 1);
    place(first);

    assertThat(place(booking("u1", slot, 1)))
        .isEqualTo(new PlaceResult.AlreadyBooked(first.bookingId()));
    assertThat(remaining(slot)).isEqualTo(4);
  }

  @Test
  void aCalendarSeenBeforeAnotherBookingComesBackAsItIsNow() {
    Slot court = slot(ResourceKind.EXCLUSIVE, 1);
    Slot other = slot(ResourceKind.SEATS, 5);
    Booking stale = booking("u1", other, 1);
    List<MemberCalendar> seen = store.calendars("u1", stale.calendarDays());
    Booking first = booking("u1", court, 1);
    place(first);

    PlaceResult result = store.place(BookingPlan.openSale(stale, NOW, "u1", seen));

    assertThat(result).isInstanceOf(PlaceResult.CalendarsMoved.class);
    var current = ((PlaceResult.CalendarsMoved) result).current();
    assertThat(current).hasSize(1);
    assertThat(current.get(0).entries()).containsKey(first.bookingId());
    assertThat(remaining(other)).isEqualTo(5);
  }

  @Test
  void aKeyReplaysItsStoredAnswerAndRefusesAnotherRequest() {
    Slot slot = slot(ResourceKind.SEATS, 5);
    Booking first = booking("u1", slot, 1);
    var key = Optional.of(new IdempotentRequest("u1#key", "fingerprint-a"));
    place(first, key);

    PlaceResult replay = place(booking("u1", slot, 1), key);
    PlaceResult reused =
        place(booking("u1", slot, 1), Optional.of(new IdempotentRequest("u1#key", "other")));

    assertThat(replay)
        .isEqualTo(
            new PlaceResult.Replay(
                new StoredResponse(201, "{\"bookingId\":\"" + first.bookingId() + "\"}")));
    assertThat(reused).isInstanceOf(PlaceResult.KeyReused.class);
    assertThat(remaining(slot)).isEqualTo(4);
  }

  @Test
  void aReleaseReturnsTheSeatsOnceAndASecondSeesTheBookingAsItIsNow() {
    Slot slot = slot(ResourceKind.SEATS, 5);
    Booking b = booking("u1", slot, 2);
    place(b);
    Change change = Change.by("u1", NOW, "cancelled by the customer");

    ReleaseResult first = store.release(b, BookingStatus.CANCELLED, change);
    ReleaseResult second = store.release(b, BookingStatus.CANCELLED, change);

    assertThat(first).isInstanceOf(ReleaseResult.Released.class);
    assertThat(((ReleaseResult.Released) first).event().quantity()).isEqualTo(2);
    assertThat(second).isInstanceOf(ReleaseResult.NotInStatus.class);
    assertThat(((ReleaseResult.NotInStatus) second).current().status())
        .isEqualTo(BookingStatus.CANCELLED);
    assertThat(remaining(slot)).isEqualTo(5);
    assertThat(store.calendars("u1", b.calendarDays()).get(0).entries()).isEmpty();
  }

  @Test
  void aHoldIsExpiredOnlyOnceItIsDue() {
    Slot slot = slot(ResourceKind.SEATS, 5);
    Booking b = booking("u1", slot, 1);
    place(b);
    Instant deadline = b.holdExpiresAt().orElseThrow();

    var early =
        store.release(
            b, BookingStatus.EXPIRED, Change.expiry(deadline.minusSeconds(1), "sweep", "due"));
    var due = store.release(b, BookingStatus.EXPIRED, Change.expiry(deadline, "sweep", "due"));

    assertThat(early).isInstanceOf(ReleaseResult.NotInStatus.class);
    assertThat(due).isInstanceOf(ReleaseResult.Released.class);
    assertThat(remaining(slot)).isEqualTo(5);
  }

  @Test
  void aClosedSlotAndAStartedSlotRefuseWithTheirReasons() {
    Slot closed = slot(ResourceKind.SEATS, 5);
    catalog.moveSlot(
        closed.slotId(), SlotStatus.OPEN, SlotStatus.CLOSED, Change.by("desk", NOW, "closed"));
    Slot started = slot(ResourceKind.SEATS, 5);
    Booking late = booking("u1", started, 1);

    assertThat(place(booking("u1", closed, 1))).isInstanceOf(PlaceResult.SlotNotOpen.class);
    assertThat(
            store.place(
                BookingPlan.openSale(
                    late,
                    started.interval().start(),
                    "u1",
                    store.calendars("u1", late.calendarDays()))))
        .isInstanceOf(PlaceResult.SlotStarted.class);
  }

  @Test
  void theProbeGivesThePlacementsRefusalWithoutWriting() {
    Slot slot = slot(ResourceKind.SEATS, 2);
    Booking first = booking("u1", slot, 2);

    assertThat(store.probe(first, NOW)).isEmpty();
    place(first);

    assertThat(store.probe(booking("u2", slot, 1), NOW)).contains(new PlaceResult.SoldOut(0));
    assertThat(store.probe(booking("u1", slot, 1), NOW))
        .contains(new PlaceResult.AlreadyBooked(first.bookingId()));
    assertThat(remaining(slot)).isZero();
  }
}
