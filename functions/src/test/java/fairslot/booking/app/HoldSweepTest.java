package fairslot.booking.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.JobReport;
import fairslot.memory.MemoryWorld;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The hold-expiry sweep on the in-memory stores: only lapsed holds expire, each once. */
class HoldSweepTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot slot = world.slot(ResourceKind.SEATS, 3, 5000, Admission.DIRECT);

  private Booking hold(String user) {
    return world.book(user, slot);
  }

  @Test
  void aLapsedHoldExpiresAndGivesItsSeatBackOnceWhileARunningHoldStays() {
    Booking lapsed = hold("u1");
    world.clock.advance(Duration.ofMinutes(5));
    Booking running = hold("u2");
    world.clock.advance(slot.policy().holdDuration().minusMinutes(4)); // only the first is due

    JobReport first = world.holdSweep.run(100);
    JobReport again = world.holdSweep.run(100);

    assertThat(first.changed()).isEqualTo(1);
    assertThat(again.changed()).isZero();
    assertThat(world.booking(lapsed.bookingId()).status()).isEqualTo(BookingStatus.EXPIRED);
    assertThat(world.booking(running.bookingId()).status()).isEqualTo(BookingStatus.PENDING_PAY);
    assertThat(world.current(slot).remaining()).isEqualTo(2);
    assertThat(world.ledgerDeviations()).isEmpty();
  }

  @Test
  void aPaidBookingIsNeverSweptAndAnEmptyRunChangesNothing() {
    assertThat(world.holdSweep.run(100).changed()).isZero();
    Booking b = hold("u1");
    done(world.staff.offlinePayment("desk", b.bookingId()));
    world.clock.advance(slot.policy().holdDuration().plusMinutes(1));

    assertThat(world.holdSweep.run(100).changed()).isZero();
    assertThat(world.booking(b.bookingId()).status()).isEqualTo(BookingStatus.PAID);
    assertThat(world.current(slot).remaining()).isEqualTo(2);
  }
}
