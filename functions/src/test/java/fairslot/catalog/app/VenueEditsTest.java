package fairslot.catalog.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.Booked;
import fairslot.booking.domain.Book;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.OperatingStatus;
import fairslot.catalog.domain.PolicyChange;
import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.ResourceEdit;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.Venue;
import fairslot.catalog.domain.VenueEdit;
import fairslot.kernel.GeoPoint;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.memory.MemoryWorld;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * Venue and resource edits on the in-memory stores: written once per revision, carried to the slots
 * that have not started, and refused without writing when they do not apply.
 */
class VenueEditsTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot slot = world.slot(ResourceKind.SEATS, 2, 5000, Admission.DIRECT);
  private final VenueEdits edits = new VenueEdits(world.catalogStore, world.clock);

  private static VenueEdit holdOf(Duration hold) {
    return new VenueEdit(
        Optional.empty(),
        new PolicyChange(
            Optional.of(hold),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            OptionalInt.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty()),
        Optional.empty());
  }

  private Venue venue() {
    return world.catalogStore.findVenue(slot.venueId()).orElseThrow();
  }

  @Test
  void anAddressOrLocationEditRewritesNoSlotSoNoBookingInFlightIsMadeAgain() {
    long slotRev = world.current(slot).inherited().venueRev();

    Venue moved =
        done(
            edits.edit(
                slot.venueId(),
                new VenueEdit(
                    Optional.empty(),
                    PolicyChange.NONE,
                    Optional.empty(),
                    Optional.of("2 Riverside Road"),
                    Optional.of(new GeoPoint(31.2, 121.4))),
                "admin"));

    assertThat(moved.address()).contains("2 Riverside Road");
    assertThat(world.current(slot).inherited().venueRev()).isEqualTo(slotRev);
    // booked at once under the slot's terms, as before the edit
    var booked =
        world.bookings.book(Book.byMember("u1", slot.slotId(), 1, false, Optional.empty()));
    assertThat(((Booked.Created) done(booked)).booking().status())
        .isEqualTo(BookingStatus.PENDING_PAY);
  }

  @Test
  void anEditIsWrittenOnceAndReachesTheSlotsNotYetStarted() {
    long rev = venue().rev();

    Venue first = done(edits.edit(slot.venueId(), holdOf(Duration.ofMinutes(7)), "admin"));
    Venue again = done(edits.edit(slot.venueId(), holdOf(Duration.ofMinutes(7)), "admin"));

    assertThat(first.rev()).isEqualTo(rev + 1);
    assertThat(again).isEqualTo(first);
    assertThat(venue().policy().holdDuration()).isEqualTo(Duration.ofMinutes(7));
    assertThat(world.current(slot).policy().holdDuration()).isEqualTo(Duration.ofMinutes(7));
  }

  @Test
  void aDisabledVenueSellsNoSeatOfItsFutureSlots() {
    done(
        edits.edit(
            slot.venueId(),
            new VenueEdit(
                Optional.empty(), PolicyChange.NONE, Optional.of(OperatingStatus.DISABLED)),
            "admin"));

    Outcome<Booked> refused =
        world.bookings.book(Book.byMember("u1", slot.slotId(), 1, false, Optional.empty()));

    assertThat(world.current(slot).onSale()).isFalse();
    // as on DynamoDB (VenueEditIT): a disabled venue's slot answers slot_closed
    assertThat(((Outcome.Refused<?>) refused).refusal()).isEqualTo(Refusal.SLOT_CLOSED);
    assertThat(world.current(slot).remaining()).isEqualTo(2);
  }

  @Test
  void anUnknownVenueOrAResourceOfAnotherVenueIsNotFound() {
    Outcome<Venue> venue = edits.edit("no-such-venue", holdOf(Duration.ofMinutes(7)), "admin");
    Outcome<Resource> resource =
        edits.edit(
            "another-venue",
            slot.resourceId(),
            new ResourceEdit(Optional.of("Court 9"), OptionalInt.empty(), Optional.empty()),
            "admin");

    assertThat(((Outcome.Refused<?>) venue).refusal()).isEqualTo(Refusal.NOT_FOUND);
    assertThat(((Outcome.Refused<?>) resource).refusal()).isEqualTo(Refusal.NOT_FOUND);
    assertThat(world.catalogStore.findResource(slot.resourceId()).orElseThrow().name())
        .isNotEqualTo("Court 9");
  }

  @Test
  void anExclusiveResourceKeepsCapacityOneAndARefusedEditWritesNothing() {
    Slot court = world.slot(ResourceKind.EXCLUSIVE, 1, 5000, Admission.DIRECT);
    Resource before = world.catalogStore.findResource(court.resourceId()).orElseThrow();

    Outcome<Resource> refused =
        edits.edit(
            court.venueId(),
            court.resourceId(),
            new ResourceEdit(Optional.empty(), OptionalInt.of(4), Optional.empty()),
            "admin");
    Resource renamed =
        done(
            edits.edit(
                court.venueId(),
                court.resourceId(),
                new ResourceEdit(
                    Optional.of("Centre court"), OptionalInt.empty(), Optional.empty()),
                "admin"));

    assertThat(((Outcome.Refused<?>) refused).refusal()).isEqualTo(Refusal.INVALID_REQUEST);
    assertThat(renamed.rev()).isEqualTo(before.rev() + 1);
    assertThat(renamed.capacity()).isEqualTo(1);
    assertThat(world.catalogStore.findResource(court.resourceId())).contains(renamed);
  }
}
