package fairslot.app.contract;

import static fairslot.app.contract.ContractFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.app.BookingStore;
import fairslot.app.CatalogStore;
import fairslot.app.Change;
import fairslot.app.PageRequest;
import fairslot.domain.Admission;
import fairslot.domain.Outcome;
import fairslot.domain.Refusal;
import fairslot.domain.Resource;
import fairslot.domain.ResourceKind;
import fairslot.domain.Slot;
import fairslot.domain.SlotStatus;
import fairslot.domain.Venue;
import fairslot.domain.VenuePolicy;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every CatalogStore must do, through the port alone: on the in-memory fake
 * (MemoryCatalogStoreTest) and on the DynamoDB adapter against the emulator
 * (DynamoDbCatalogStoreIT).
 */
public abstract class CatalogStoreContract {

  protected record Stores(CatalogStore catalog, BookingStore bookings) {}

  protected abstract Stores fresh();

  private CatalogStore catalog;
  private ContractFixtures fixtures;

  @BeforeEach
  void setUp() {
    Stores stores = fresh();
    catalog = stores.catalog();
    fixtures = new ContractFixtures(catalog, stores.bookings());
  }

  private static Change by(String actor) {
    return Change.by(actor, NOW, "contract");
  }

  @Test
  void aVenueCreatedTwiceUnderOneIdIsTheFirst() {
    Venue venue =
        new Venue(UUID.randomUUID().toString(), "Club", ZoneOffset.UTC, VenuePolicy.DEFAULT);

    Venue first = catalog.createVenue(venue);
    Venue twin =
        catalog.createVenue(
            new Venue(venue.venueId(), "Other", ZoneOffset.UTC, VenuePolicy.DEFAULT));

    assertThat(first).isEqualTo(venue);
    assertThat(twin).isEqualTo(venue);
    assertThat(catalog.findVenue(venue.venueId())).contains(venue);
  }

  @Test
  void aResourceNeedsItsVenueAtWriteTime() {
    Outcome<Resource> orphan =
        catalog.createResource(
            new Resource(
                UUID.randomUUID().toString(), "no-such-venue", "Court", ResourceKind.SEATS, 4));

    assertThat(orphan).isInstanceOf(Outcome.Refused.class);
    assertThat(((Outcome.Refused<?>) orphan).refusal()).isEqualTo(Refusal.NOT_FOUND);
  }

  @Test
  void aResourceHasOneSlotPerStartAndATwinRequestGetsItsOwnSlotBack() {
    Slot slot = fixtures.slot(ResourceKind.SEATS, 4);
    Slot sameStart =
        new Slot(
            UUID.randomUUID().toString(),
            slot.venueId(),
            slot.resourceId(),
            slot.kind(),
            slot.interval(),
            slot.capacity(),
            slot.capacity(),
            SlotStatus.OPEN,
            slot.price(),
            slot.admission(),
            0,
            slot.timeZone(),
            slot.policy(),
            0,
            slot.assignment());

    Outcome<Slot> twin = catalog.createSlot(slot);
    Outcome<Slot> duplicate = catalog.createSlot(sameStart);

    assertThat(twin).isEqualTo(Outcome.done(slot));
    assertThat(((Outcome.Refused<?>) duplicate).refusal()).isEqualTo(Refusal.DUPLICATE_SLOT);
    assertThat(((Outcome.Refused<?>) duplicate).extras()).containsEntry("slotId", slot.slotId());
    assertThat(catalog.findSlot(sameStart.slotId())).isEmpty();
  }

  @Test
  void aSlotMovesOnlyFromTheStatusTheCallerSaw() {
    Slot slot = fixtures.slot(ResourceKind.SEATS, 4);

    Optional<Slot> closed =
        catalog.moveSlot(slot.slotId(), SlotStatus.OPEN, SlotStatus.CLOSED, by("desk"));
    Optional<Slot> again =
        catalog.moveSlot(slot.slotId(), SlotStatus.OPEN, SlotStatus.CLOSED, by("desk"));

    assertThat(closed.map(Slot::status)).contains(SlotStatus.CLOSED);
    assertThat(again).isEmpty();
    assertThat(catalog.findSlot(slot.slotId()).orElseThrow().status()).isEqualTo(SlotStatus.CLOSED);
  }

  @Test
  void admissionSwitchesAndTheDaysSlotsAreListedByVenueDate() {
    Slot slot = fixtures.slot(ResourceKind.SEATS, 4);
    LocalDate day = LocalDate.ofInstant(slot.interval().start(), ZoneOffset.UTC);

    Optional<Slot> queued = catalog.setAdmission(slot.slotId(), Admission.QUEUED, by("admin"));

    assertThat(queued.map(Slot::admission)).contains(Admission.QUEUED);
    assertThat(catalog.setAdmission("no-such-slot", Admission.QUEUED, by("admin"))).isEmpty();
    assertThat(
            catalog
                .slotsStartingOn(slot.venueId(), day, new PageRequest(10, Optional.empty()))
                .items())
        .extracting(Slot::slotId)
        .containsExactly(slot.slotId());
    assertThat(
            catalog
                .slotsStartingOn(
                    slot.venueId(), day.plusDays(1), new PageRequest(10, Optional.empty()))
                .items())
        .isEmpty();
  }
}
