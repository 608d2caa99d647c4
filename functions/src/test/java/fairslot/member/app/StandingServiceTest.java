package fairslot.member.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.Change;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.member.domain.NoShowPolicy;
import fairslot.memory.MemoryWorld;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** A member's standing under a venue's no-show rule, on the in-memory stores. */
class StandingServiceTest {
  private static final NoShowPolicy TWO_IN_30_DAYS =
      new NoShowPolicy(2, Duration.ofDays(30), Duration.ofDays(7));
  private final MemoryWorld world = new MemoryWorld();
  private final Resource hall =
      world.hall(MemoryWorld.memberRules(OptionalInt.empty(), Optional.of(TWO_IN_30_DAYS)));

  private Booking book(String user, Slot slot) {
    return world.book(user, slot);
  }

  private void missOneSlot(String user) {
    book(user, world.freeSlot(hall, Duration.ofHours(1)));
    world.clock.advance(Duration.ofHours(3));
    world.noShows.run(100);
  }

  @Test
  void aStrikeBelowTheRulesCountSuspendsNoOneAndTheLastSuspendsAndStartsTheCountAgain() {
    missOneSlot("u1");
    var afterOne = done(world.standing.of("u1", hall.venueId()));
    missOneSlot("u1");
    var afterTwo = done(world.standing.of("u1", hall.venueId()));

    assertThat(afterOne.strikes()).isEqualTo(1);
    assertThat(afterOne.suspendedUntil()).isEmpty();
    assertThat(afterTwo.strikes()).isZero(); // the suspension took them
    assertThat(afterTwo.suspendedUntil())
        .contains(world.clock.instant().plus(TWO_IN_30_DAYS.suspension()));
  }

  @Test
  void aStrikeOlderThanTheRulesWindowNoLongerCountsAndASuspensionEnds() {
    missOneSlot("u1");
    missOneSlot("u1");
    world.clock.advance(Duration.ofDays(31));

    var standing = done(world.standing.of("u1", hall.venueId()));

    assertThat(standing.strikes()).isZero();
    assertThat(standing.suspendedUntil()).isEmpty();
  }

  @Test
  void aPardonClearsStrikesAndSuspensionAndASecondPardonChangesNothing() {
    missOneSlot("u1");
    missOneSlot("u1");

    var pardoned = done(world.standing.pardon("desk", "u1", hall.venueId()));
    var again = done(world.standing.pardon("desk", "u1", hall.venueId()));

    assertThat(pardoned.strikes()).isZero();
    assertThat(pardoned.suspendedUntil()).isEmpty();
    assertThat(again).usingRecursiveComparison().isEqualTo(pardoned);
  }

  @Test
  void anUnknownVenueIsNotFoundForReadingAndForPardoning() {
    Outcome<?> read = world.standing.of("u1", "no-such-venue");
    Outcome<?> pardon = world.standing.pardon("desk", "u1", "no-such-venue");

    assertThat(((Outcome.Refused<?>) read).refusal()).isEqualTo(Refusal.NOT_FOUND);
    assertThat(((Outcome.Refused<?>) pardon).refusal()).isEqualTo(Refusal.NOT_FOUND);
  }

  @Test
  void aNoShowIsNotRecordedForABookingThatWasCheckedInMeanwhile() {
    Booking b = book("u1", world.freeSlot(hall, Duration.ofHours(1)));
    done(world.staff.checkIn("desk", b.bookingId()));
    world.clock.advance(Duration.ofHours(3));

    boolean recorded =
        world.noShows.recordNoShow(
            b, TWO_IN_30_DAYS, Change.by("system:no-shows", world.clock.instant(), "test"));

    assertThat(recorded).isFalse();
    assertThat(world.booking(b.bookingId()).status()).isEqualTo(BookingStatus.COMPLETED);
    assertThat(done(world.standing.of("u1", hall.venueId())).strikes()).isZero();
  }
}
