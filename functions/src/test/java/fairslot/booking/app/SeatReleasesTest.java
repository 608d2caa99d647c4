package fairslot.booking.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.domain.Book;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.app.SeatReleased;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.Change;
import fairslot.memory.MemoryWorld;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * Every release goes through SeatReleases: the seats come back in the store's one transaction, and
 * the event is announced only for a release that happened, never for one that lost a race.
 */
class SeatReleasesTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot slot = world.slot(ResourceKind.SEATS, 3, 5000, Admission.DIRECT);
  private final List<SeatReleased> announced = new CopyOnWriteArrayList<>();
  private final SeatReleases releases = new SeatReleases(world.bookingStore, announced::add);

  private Booking held(String user, int quantity) {
    return ((Booked.Created)
            done(
                world.bookings.book(
                    Book.byMember(user, slot.slotId(), quantity, false, Optional.empty()))))
        .booking();
  }

  @Test
  void aReleaseReturnsTheSeatsAndAnnouncesThemOnce() {
    Booking b = held("u1", 2);
    Change change = Change.by("u1", world.clock.instant(), "cancelled");

    var first = releases.release(b, BookingStatus.CANCELLED, change);
    var second = releases.release(b, BookingStatus.CANCELLED, change);

    assertThat(first).isInstanceOf(BookingStore.ReleaseResult.Released.class);
    assertThat(second).isNotInstanceOf(BookingStore.ReleaseResult.Released.class);
    assertThat(announced)
        .singleElement()
        .satisfies(e -> assertThat(e.slotId()).isEqualTo(slot.slotId()));
    assertThat(world.catalogStore.findSlot(slot.slotId()).orElseThrow().remaining()).isEqualTo(3);
    assertThat(world.booking(b.bookingId()).status()).isEqualTo(BookingStatus.CANCELLED);
  }
}
