package fairslot.booking.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.JobReport;
import fairslot.member.domain.NoShowPolicy;
import fairslot.memory.MemoryWorld;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The no-shows job on the in-memory stores: only paid bookings of ended slots, each once. */
class NoShowSweepTest {
  private final MemoryWorld world = new MemoryWorld();

  private Booking book(String user, Slot slot) {
    return world.book(user, slot);
  }

  @Test
  void aPaidBookingOfAnEndedSlotBecomesNoShowOnceAndItsSeatStaysCounted() {
    Resource hall = world.hall(MemoryWorld.memberRules(OptionalInt.empty(), Optional.empty()));
    Slot slot = world.freeSlot(hall, Duration.ofHours(1));
    Booking b = book("u1", slot);
    world.clock.advance(Duration.ofHours(3));

    JobReport first = world.noShows.run(100);
    JobReport again = world.noShows.run(100);

    assertThat(b.status()).isEqualTo(BookingStatus.PAID); // free: paid when booked
    assertThat(first.changed()).isEqualTo(1);
    assertThat(again.changed()).isZero();
    assertThat(world.booking(b.bookingId()).status()).isEqualTo(BookingStatus.NO_SHOW);
    assertThat(world.current(slot).remaining()).isEqualTo(4);
    assertThat(world.ledgerDeviations()).isEmpty();
  }

  @Test
  void aCheckedInBookingAndASlotNotYetEndedAreLeftAlone() {
    Resource hall = world.hall(MemoryWorld.memberRules(OptionalInt.empty(), Optional.empty()));
    Slot ended = world.freeSlot(hall, Duration.ofHours(1));
    Slot later = world.freeSlot(hall, Duration.ofHours(5));
    Booking came = book("u1", ended);
    Booking upcoming = book("u2", later);
    done(world.staff.checkIn("desk", came.bookingId()));
    world.clock.advance(Duration.ofHours(3));

    assertThat(world.noShows.run(100).changed()).isZero();
    assertThat(world.booking(came.bookingId()).status()).isEqualTo(BookingStatus.COMPLETED);
    assertThat(world.booking(upcoming.bookingId()).status()).isEqualTo(BookingStatus.PAID);
  }

  @Test
  void underTheVenuesRuleEachNoShowIsOneStrikeAndWithoutItNone() {
    NoShowPolicy rule = new NoShowPolicy(3, Duration.ofDays(30), Duration.ofDays(7));
    Resource ruled = world.hall(MemoryWorld.memberRules(OptionalInt.empty(), Optional.of(rule)));
    Resource free = world.hall(MemoryWorld.memberRules(OptionalInt.empty(), Optional.empty()));
    book("u1", world.freeSlot(ruled, Duration.ofHours(1)));
    book("u1", world.freeSlot(free, Duration.ofHours(3))); // later: no overlap
    world.clock.advance(Duration.ofHours(5));

    assertThat(world.noShows.run(100).changed()).isEqualTo(2);
    world.noShows.run(100);

    assertThat(done(world.standing.of("u1", ruled.venueId())).strikes()).isEqualTo(1);
    assertThat(done(world.standing.of("u1", free.venueId())).strikes()).isZero();
  }
}
