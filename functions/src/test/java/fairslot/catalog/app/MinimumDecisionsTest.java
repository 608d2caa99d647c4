package fairslot.catalog.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.Assignment;
import fairslot.catalog.domain.Minimum;
import fairslot.catalog.domain.MinimumDecision;
import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.SlotStatus;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.kernel.JobReport;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.memory.MemoryWorld;
import fairslot.notification.domain.Notification;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * Minimum participants on the in-memory stores: at the decision time a slot short of its minimum is
 * cancelled for everyone (each booking released once, each member told), one that reaches it is
 * confirmed, and neither is decided twice or early.
 */
class MinimumDecisionsTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Resource hall = world.hall(VenuePolicy.DEFAULT);

  /** A free slot of the hall in a day, needing {@code min} seats taken two hours before. */
  private Outcome<Slot> slotNeeding(int min, Duration decideBefore, Duration startsIn) {
    Instant start = world.clock.instant().plus(startsIn);
    return world.catalog.createSlot(
        new CatalogService.CreateSlot(
            hall.resourceId(),
            start.toString(),
            start.plus(Duration.ofHours(1)).toString(),
            OptionalInt.empty(),
            new Money(0, "CNY"),
            Admission.DIRECT,
            new Assignment(Optional.empty(), Optional.empty()),
            Optional.of(Minimum.pending(min, decideBefore))),
        Optional.empty());
  }

  private Slot slotNeeding(int min) {
    return done(slotNeeding(min, Duration.ofHours(2), Duration.ofDays(1)));
  }

  private Minimum minimumOf(Slot slot) {
    return world.current(slot).rules().minimum().orElseThrow();
  }

  @Test
  void aSlotShortOfItsMinimumIsCancelledAtTheDecisionAndEveryBookingReleasedOnce() {
    Slot slot = slotNeeding(3);
    Booking first = world.book("u1", slot);
    Booking second = world.book("u2", slot);

    world.clock.advance(Duration.ofHours(22));
    JobReport run = world.minimums.decideDue(100);
    JobReport again = world.minimums.decideDue(100);

    assertThat(run.changed()).isEqualTo(1);
    assertThat(again.due()).isZero();
    assertThat(world.current(slot).status()).isEqualTo(SlotStatus.CANCELLED);
    assertThat(minimumOf(slot).decision()).isInstanceOf(MinimumDecision.UnderMinimum.class);
    // Free bookings are PAID at once; released from PAID with nothing paid they are CANCELLED.
    assertThat(world.booking(first.bookingId()).status().isActive()).isFalse();
    assertThat(world.booking(second.bookingId()).status().isActive()).isFalse();
    assertThat(
            world.outbox().stream()
                .filter(n -> n.kind() == Notification.Kind.SLOT_CANCELLED)
                .map(Notification::ref))
        .containsExactlyInAnyOrder(first.bookingId(), second.bookingId());
    assertThat(world.ledgerDeviations()).isEmpty();
  }

  @Test
  void aSlotThatReachesItsMinimumIsConfirmedAndKeepsSelling() {
    Slot slot = slotNeeding(2);
    world.book("u1", slot);
    world.book("u2", slot);

    world.clock.advance(Duration.ofHours(22));
    assertThat(world.minimums.decideDue(100).changed()).isEqualTo(1);

    assertThat(minimumOf(slot).decision()).isInstanceOf(MinimumDecision.Confirmed.class);
    assertThat(world.current(slot).status()).isEqualTo(SlotStatus.OPEN);
    assertThat(world.minimums.decideDue(100).due()).isZero();
    Booking late = world.book("u3", slot);
    assertThat(late.status()).isEqualTo(BookingStatus.PAID);
  }

  @Test
  void nothingIsDecidedBeforeTheDecisionTime() {
    Slot slot = slotNeeding(3);

    world.clock.advance(Duration.ofHours(21).plusMinutes(59));

    assertThat(world.minimums.decideDue(100).due()).isZero();
    assertThat(minimumOf(slot).decision()).isInstanceOf(MinimumDecision.Pending.class);
  }

  @Test
  void aDecisionTimeAlreadyPastIsRefusedWhenTheSlotIsCreated() {
    Outcome<Slot> tooLate = slotNeeding(2, Duration.ofHours(3), Duration.ofHours(2));

    assertThat(tooLate).isInstanceOf(Outcome.Refused.class);
    assertThat(((Outcome.Refused<Slot>) tooLate).refusal()).isEqualTo(Refusal.INVALID_REQUEST);
  }

  @Test
  void aMinimumAboveTheCapacityIsRefused() {
    Outcome<Slot> impossible = slotNeeding(6, Duration.ofHours(2), Duration.ofDays(1));

    assertThat(((Outcome.Refused<Slot>) impossible).refusal()).isEqualTo(Refusal.INVALID_REQUEST);
  }
}
