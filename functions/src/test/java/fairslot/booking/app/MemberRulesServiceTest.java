package fairslot.booking.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.domain.Book;
import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.member.domain.NoShowPolicy;
import fairslot.memory.MemoryWorld;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * The member rules of a venue policy (upcoming limit, no-show suspension) on the in-memory stores.
 */
class MemberRulesServiceTest {
  private final MemoryWorld world = new MemoryWorld();

  private Resource resourceOf(VenuePolicy policy) {
    return world.hall(policy);
  }

  private Slot freeSlot(Resource resource, Duration startsIn) {
    return world.freeSlot(resource, startsIn);
  }

  private static VenuePolicy policy(OptionalInt limit, Optional<NoShowPolicy> noShows) {
    return MemoryWorld.memberRules(limit, noShows);
  }

  private Outcome<Booked> book(String userId, Slot slot) {
    return world.bookings.book(Book.byMember(userId, slot.slotId(), 1, false, Optional.empty()));
  }

  private static Refusal refusal(Outcome<?> outcome) {
    assertThat(outcome).isInstanceOf(Outcome.Refused.class);
    return ((Outcome.Refused<?>) outcome).refusal();
  }

  @Test
  void aMemberAtTheLimitIsRefusedUntilABookingLeavesTheUpcomingOnes() {
    Resource hall = resourceOf(policy(OptionalInt.of(1), Optional.empty()));
    Slot first = freeSlot(hall, Duration.ofHours(2));
    Slot second = freeSlot(hall, Duration.ofHours(4));

    var booked = ((Booked.Created) done(book("u1", first))).booking();
    Refusal atLimit = refusal(book("u1", second));
    world.staff.checkIn("desk", booked.bookingId());

    assertThat(atLimit).isEqualTo(Refusal.BOOKING_LIMIT_REACHED);
    assertThat(book("u1", second)).isInstanceOf(Outcome.Done.class);
  }

  @Test
  void aNoShowThatReachesTheStrikesSuspendsTheMemberUntilPardoned() {
    Resource hall =
        resourceOf(
            policy(
                OptionalInt.empty(),
                Optional.of(new NoShowPolicy(1, Duration.ofDays(30), Duration.ofDays(7)))));
    Slot missed = freeSlot(hall, Duration.ofHours(1));
    Slot next = freeSlot(hall, Duration.ofDays(2));
    done(book("u1", missed));

    world.clock.advance(Duration.ofHours(3));
    world.noShows.run(10);
    Refusal suspended = refusal(book("u1", next));
    var standing = done(world.standing.of("u1", hall.venueId()));
    done(world.standing.pardon("desk", "u1", hall.venueId()));

    assertThat(suspended).isEqualTo(Refusal.MEMBER_SUSPENDED);
    assertThat(standing.suspendedUntil()).contains(world.clock.instant().plus(Duration.ofDays(7)));
    assertThat(book("u1", next)).isInstanceOf(Outcome.Done.class);
  }
}
