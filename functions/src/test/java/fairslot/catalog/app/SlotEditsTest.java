package fairslot.catalog.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.domain.Book;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.SlotEdit;
import fairslot.catalog.domain.WaitlistMode;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.memory.MemoryWorld;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * Slot edits on the in-memory stores: capacity moves the open stock by what was added, never below
 * what is booked, offered or owed; seats added while people wait are owed to the waitlist and
 * announced once; new prices apply to new bookings only.
 */
class SlotEditsTest {
  private final MemoryWorld world = new MemoryWorld();
  private final SlotEdits edits =
      new SlotEdits(world.catalogStore, world.released::add, world.clock);

  private void book(Slot slot, String user, int quantity) {
    done(
        world.bookings.book(Book.byMember(user, slot.slotId(), quantity, false, Optional.empty())));
  }

  private static SlotEdit capacity(int to) {
    return new SlotEdit(Optional.empty(), Optional.empty(), OptionalInt.of(to));
  }

  @Test
  void capacityMovesTheOpenStockByWhatWasAddedAndNeverBelowWhatIsBooked() {
    Slot slot = world.slot(ResourceKind.SEATS, 4, 5000, Admission.DIRECT);
    book(slot, "u1", 2);

    Slot larger = done(edits.edit(slot.slotId(), capacity(6), "admin"));
    Outcome<Slot> tooSmall = edits.edit(slot.slotId(), capacity(1), "admin");
    Slot smaller = done(edits.edit(slot.slotId(), capacity(2), "admin"));

    assertThat(larger.capacity()).isEqualTo(6);
    assertThat(larger.remaining()).isEqualTo(4);
    assertThat(tooSmall)
        .matches(
            o ->
                o instanceof Outcome.Refused<Slot> r
                    && r.refusal() == Refusal.CAPACITY_BELOW_BOOKED);
    assertThat(smaller.remaining()).isZero();
    assertThat(world.released).isEmpty(); // nobody waits: nothing is owed
    assertThat(world.ledgerDeviations()).isEmpty();
  }

  @Test
  void seatsAddedWhilePeopleWaitAreOwedToTheWaitlistAndAnnouncedOnce() {
    Slot slot = world.slot(ResourceKind.SEATS, 1, WaitlistMode.OFFER);
    book(slot, "u1", 1);
    done(world.waitlist.join("u2", slot.slotId()));

    Slot edited = done(edits.edit(slot.slotId(), capacity(2), "admin"));

    assertThat(edited.forWaitlist()).isEqualTo(1);
    assertThat(world.released)
        .extracting(SeatReleased::quantity, SeatReleased::reason)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(1, SeatReleased.Reason.CAPACITY_ADDED));
    assertThat(world.ledgerDeviations()).isEmpty();
  }

  @Test
  void aNewPriceAppliesToNewBookingsAndAnEmptyEditChangesNothing() {
    Slot slot = world.slot(ResourceKind.SEATS, 4, 5000, Admission.DIRECT);

    Slot repriced =
        done(
            edits.edit(
                slot.slotId(),
                new SlotEdit(Optional.of(6000L), Optional.empty(), OptionalInt.empty()),
                "admin"));
    Slot same =
        done(
            edits.edit(
                slot.slotId(),
                new SlotEdit(Optional.empty(), Optional.empty(), OptionalInt.empty()),
                "admin"));

    assertThat(repriced.price().minor()).isEqualTo(6000);
    assertThat(same).isEqualTo(world.current(slot));
    assertThat(edits.edit("no-such-slot", capacity(3), "admin"))
        .matches(o -> o instanceof Outcome.Refused<Slot> r && r.refusal() == Refusal.NOT_FOUND);
  }
}
