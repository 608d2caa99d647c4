package fairslot.booking.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.domain.Book;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.memory.MemoryWorld;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A slot sold out by holds that ran out takes a new booking at once, before the sweep: the due
 * holds expire by their own transitions, the running ones stay (on the in-memory stores).
 */
class OverdueHoldReclaimTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot slot = world.slot(ResourceKind.SEATS, 2, 5000, Admission.DIRECT);

  private Outcome<Booked> book(String user) {
    return world.bookings.book(Book.byMember(user, slot.slotId(), 1, false, Optional.empty()));
  }

  private Booking hold(String user) {
    return world.book(user, slot);
  }

  @Test
  void aSlotSoldOutByLapsedHoldsTakesTheNextBookingBeforeAnySweep() {
    Booking lapsed = hold("u1");
    Booking other = hold("u2");
    world.clock.advance(slot.policy().holdDuration().plusSeconds(1));

    Outcome<Booked> third = book("u3");

    assertThat(third).isInstanceOf(Outcome.Done.class);
    assertThat(world.booking(lapsed.bookingId()).status()).isEqualTo(BookingStatus.EXPIRED);
    assertThat(world.booking(other.bookingId()).status()).isEqualTo(BookingStatus.EXPIRED);
    assertThat(world.current(slot).remaining()).isEqualTo(1);
    assertThat(world.ledgerDeviations()).isEmpty();
  }

  @Test
  void holdsStillRunningAreNotTouchedAndTheSlotStaysSoldOut() {
    Booking a = hold("u1");
    Booking b = hold("u2");
    world.clock.advance(slot.policy().holdDuration().minusSeconds(1));

    Outcome<Booked> third = book("u3");

    assertThat(((Outcome.Refused<?>) third).refusal()).isEqualTo(Refusal.SOLD_OUT);
    assertThat(world.booking(a.bookingId()).status()).isEqualTo(BookingStatus.PENDING_PAY);
    assertThat(world.booking(b.bookingId()).status()).isEqualTo(BookingStatus.PENDING_PAY);
    assertThat(world.ledgerDeviations()).isEmpty();
  }

  @Test
  void onlyTheHoldsThatAreDueExpireAndALaterHoldKeepsItsSeat() {
    Booking early = hold("u1");
    world.clock.advance(Duration.ofMinutes(3));
    Booking late = hold("u2");
    world.clock.advance(slot.policy().holdDuration().minusMinutes(2)); // the first only is due

    Outcome<Booked> third = book("u3");
    Outcome<Booked> fourth = book("u4");

    assertThat(third).isInstanceOf(Outcome.Done.class);
    assertThat(((Outcome.Refused<?>) fourth).refusal()).isEqualTo(Refusal.SOLD_OUT);
    assertThat(world.booking(early.bookingId()).status()).isEqualTo(BookingStatus.EXPIRED);
    assertThat(world.booking(late.bookingId()).status()).isEqualTo(BookingStatus.PENDING_PAY);
    assertThat(world.ledgerDeviations()).isEmpty();
  }
}
