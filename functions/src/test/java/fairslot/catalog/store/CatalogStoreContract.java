package fairslot.catalog.store;

import static fairslot.testing.ContractFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.BookingStore;
import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.Assignee;
import fairslot.catalog.domain.Assignment;
import fairslot.catalog.domain.Minimum;
import fairslot.catalog.domain.MinimumDecision;
import fairslot.catalog.domain.OperatingStatus;
import fairslot.catalog.domain.PolicyChange;
import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.SessionRules;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.SlotStatus;
import fairslot.catalog.domain.Venue;
import fairslot.catalog.domain.VenueEdit;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.kernel.Change;
import fairslot.kernel.GeoPoint;
import fairslot.kernel.Outcome;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import fairslot.testing.ContractFixtures;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
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
  void aVenueIsListedInTheDirectoryAsCreatedAndAsLastEdited() {
    Venue venue =
        new Venue(UUID.randomUUID().toString(), "Court Club", ZoneOffset.UTC, VenuePolicy.DEFAULT)
            .at(Optional.of("1 Nanjing Road"), Optional.of(new GeoPoint(31.2304, 121.4737)));

    catalog.createVenue(venue);
    catalog.createVenue(venue); // a twin lists nothing twice

    assertThat(listed(venue.venueId())).containsExactly(venue);
    Venue renamed =
        edited(
            venue.venueId(),
            new VenueEdit(
                Optional.of("Court Club East"),
                PolicyChange.NONE,
                Optional.of(OperatingStatus.DISABLED),
                Optional.empty(),
                Optional.of(new GeoPoint(-33.8688, 151.2093))));
    assertThat(listed(venue.venueId())).containsExactly(renamed);
    assertThat(renamed.address()).contains("1 Nanjing Road");
    assertThat(catalog.findVenue(venue.venueId())).contains(renamed);
  }

  private List<Venue> listed(String venueId) {
    return catalog.listedVenues().stream().filter(v -> v.venueId().equals(venueId)).toList();
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
    Slot sameStart = anotherStart(slot, Duration.ZERO);

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

  private static final Duration GAP = Duration.ofMinutes(15);

  /** A new slot of the same resource from {@code later} after {@code slot}, with {@code rules}. */
  private Slot created(Slot slot, Duration later, SessionRules rules) {
    Slot next = anotherStart(slot, later).withRules(rules);
    assertThat(catalog.createSlot(next)).isInstanceOf(Outcome.Done.class);
    return next;
  }

  @Test
  void aSlotInsideAnotherSlotsBufferIsRefusedUntilThatSlotIsCancelled() {
    Slot base = fixtures.slot(ResourceKind.SEATS, 4);
    SessionRules buffered = new SessionRules(GAP, Optional.empty());
    Slot first = created(base, Duration.ofDays(1), buffered);
    // base lasts an hour; this one starts five minutes after first ends
    Slot inGap = anotherStart(base, Duration.ofDays(1).plusMinutes(65)).withRules(buffered);

    Outcome<Slot> refused = catalog.createSlot(inGap);
    assertThat(catalog.cancelSlot(first.slotId(), by("admin"))).isInstanceOf(Outcome.Done.class);
    Outcome<Slot> afterCancel = catalog.createSlot(inGap);

    assertThat(((Outcome.Refused<?>) refused).refusal()).isEqualTo(Refusal.CONFLICT_BUFFER);
    assertThat(((Outcome.Refused<?>) refused).extras())
        .containsEntry("conflicts", java.util.List.of(java.util.Map.of("slotId", first.slotId())));
    assertThat(afterCancel).isInstanceOf(Outcome.Done.class);
    assertThat(catalog.findSlot(inGap.slotId()).orElseThrow().rules()).isEqualTo(buffered);
  }

  @Test
  void aMinimumIsDueAtItsDecisionTimeAndDecidedOnce() {
    Slot base = fixtures.slot(ResourceKind.SEATS, 4);
    Slot slot =
        created(
            base,
            Duration.ofDays(2),
            new SessionRules(Duration.ZERO, Optional.of(Minimum.pending(2, Duration.ofHours(2)))));
    java.time.Instant decideAt = slot.interval().start().minus(Duration.ofHours(2));

    assertThat(catalog.minimumsDue(decideAt.minusMillis(1), 10)).doesNotContain(slot.slotId());
    assertThat(catalog.minimumsDue(decideAt, 10)).contains(slot.slotId());
    assertThat(catalog.cancelsDue(decideAt, 10)).doesNotContain(slot.slotId());
    Optional<CatalogStore.MinimumDecided> first =
        catalog.decideMinimum(slot.slotId(), Change.by("job", decideAt, "contract"));
    Optional<CatalogStore.MinimumDecided> again =
        catalog.decideMinimum(slot.slotId(), Change.by("job", decideAt, "contract"));

    assertThat(first.orElseThrow().decidedNow()).isTrue();
    assertThat(first.get().slot().status()).isEqualTo(SlotStatus.CANCELLED);
    assertThat(again.orElseThrow().decidedNow()).isFalse();
    Slot stored = catalog.findSlot(slot.slotId()).orElseThrow();
    assertThat(stored.status()).isEqualTo(SlotStatus.CANCELLED);
    assertThat(stored.rules().minimum().orElseThrow().decision())
        .isEqualTo(new MinimumDecision.UnderMinimum(decideAt));
    assertThat(catalog.minimumsDue(decideAt, 10)).doesNotContain(slot.slotId());
    // the cancel it started is marked for finishing, as any slot cancel
    assertThat(catalog.cancelsDue(decideAt, 10)).contains(slot.slotId());
    assertThat(catalog.decideMinimum("no-such-slot", by("job"))).isEmpty();
  }

  @Test
  void aCombinedResourcesPartsKnowItAndItsSlotsAreLinkedBothWaysWhicheverCameFirst() {
    ContractFixtures.CombinedCourt court = fixtures.combinedCourt();

    for (String part : court.full().parts()) {
      assertThat(catalog.findResource(part).orElseThrow().partOf())
          .containsExactly(court.full().resourceId());
    }
    assertThat(catalog.findResource(court.full().resourceId()).orElseThrow().parts())
        .containsExactlyElementsOf(court.full().parts());
    assertThat(links(court.halfA())).containsExactly(court.whole().slotId());
    assertThat(links(court.halfB())).containsExactly(court.whole().slotId());
    assertThat(links(court.whole()))
        .containsExactlyInAnyOrder(court.halfA().slotId(), court.halfB().slotId());
    assertThat(catalog.spaceTaken(List.of(court.halfA(), court.whole(), court.halfB()))).isEmpty();
  }

  @Test
  void aVenueListsItsOwnResourcesAndNoOthers() {
    ContractFixtures.CombinedCourt court = fixtures.combinedCourt();
    Slot elsewhere = fixtures.slot(ResourceKind.SEATS, 4);

    List<Resource> listed = catalog.resourcesOf(court.full().venueId(), 10);

    assertThat(listed)
        .extracting(Resource::resourceId)
        .containsExactlyInAnyOrder(
            court.full().resourceId(), court.full().parts().get(0), court.full().parts().get(1))
        .doesNotContain(elsewhere.resourceId());
    assertThat(listed)
        .filteredOn(r -> r.resourceId().equals(court.full().resourceId()))
        .singleElement()
        .satisfies(r -> assertThat(r.parts()).containsExactlyElementsOf(court.full().parts()));
    assertThat(catalog.resourcesOf(court.full().venueId(), 2)).hasSize(2);
    assertThat(catalog.resourcesOf("no-such-venue", 10)).isEmpty();
  }

  private java.util.Set<String> links(Slot slot) {
    return catalog.findSlot(slot.slotId()).orElseThrow().rules().counterparts();
  }

  @Test
  void aPartThatIsNotAnExclusiveResourceOfTheVenueIsRefusedAndNothingIsWritten() {
    Slot seats = fixtures.slot(ResourceKind.SEATS, 4);
    ContractFixtures.CombinedCourt court = fixtures.combinedCourt();
    String half = court.full().parts().get(0);
    fairslot.catalog.domain.Resource asked =
        new fairslot.catalog.domain.Resource(
            UUID.randomUUID().toString(),
            court.full().venueId(),
            "Bad",
            ResourceKind.EXCLUSIVE,
            1,
            fairslot.catalog.domain.OperatingStatus.ACTIVE,
            0,
            Duration.ZERO,
            List.of(half, seats.resourceId()),
            java.util.Set.of());

    Outcome<fairslot.catalog.domain.Resource> refused = catalog.createResource(asked);

    assertThat(((Outcome.Refused<?>) refused).refusal()).isEqualTo(Refusal.INVALID_REQUEST);
    assertThat(catalog.findResource(asked.resourceId())).isEmpty();
    assertThat(catalog.findResource(half).orElseThrow().partOf())
        .containsExactly(court.full().resourceId());
  }

  @Test
  void aHalfBookedTakesTheWholesSpaceUntilItsSlotIsCancelled() {
    ContractFixtures.CombinedCourt court = fixtures.combinedCourt();
    Slot halfA = catalog.findSlot(court.halfA().slotId()).orElseThrow();
    Slot whole = catalog.findSlot(court.whole().slotId()).orElseThrow();

    assertThat(fixtures.place(ContractFixtures.booking("m1", halfA, 1)))
        .isInstanceOf(BookingStore.PlaceResult.Placed.class);
    assertThat(catalog.spaceTaken(List.of(whole, court.halfB()))).containsExactly(whole.slotId());
    assertThat(fixtures.place(ContractFixtures.booking("m2", whole, 1)))
        .isEqualTo(new BookingStore.PlaceResult.SoldOut(0));

    assertThat(catalog.cancelSlot(halfA.slotId(), by("admin"))).isInstanceOf(Outcome.Done.class);

    assertThat(catalog.spaceTaken(List.of(whole))).isEmpty();
    assertThat(fixtures.place(ContractFixtures.booking("m2", whole, 1)))
        .isInstanceOf(BookingStore.PlaceResult.Placed.class);
    assertThat(catalog.spaceTaken(List.of(court.halfB()))).containsExactly(court.halfB().slotId());
  }

  private static Slot anotherStart(Slot slot, Duration later) {
    return new Slot(
        UUID.randomUUID().toString(),
        slot.venueId(),
        slot.resourceId(),
        slot.kind(),
        new fairslot.kernel.Interval(
            slot.interval().start().plus(later), slot.interval().end().plus(later)),
        slot.capacity(),
        slot.capacity(),
        SlotStatus.OPEN,
        slot.price(),
        slot.admission(),
        0,
        slot.timeZone(),
        slot.policy(),
        0,
        slot.assignment(),
        slot.inherited());
  }

  private Venue edited(String venueId, VenueEdit edit) {
    Venue seen = catalog.findVenue(venueId).orElseThrow();
    Venue next = edit.applyTo(seen);
    assertThat(catalog.editVenue(seen, next, by("admin"))).isTrue();
    return next;
  }

  private static VenueEdit holdOf(Duration hold) {
    return new VenueEdit(
        Optional.empty(),
        new PolicyChange(
            Optional.of(hold),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            java.util.OptionalInt.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty()),
        Optional.empty());
  }

  @Test
  void aSlotBuiltFromAVenueReadBeforeAnEditIsWrittenWithTheEditedPolicy() {
    Slot first = fixtures.slot(ResourceKind.SEATS, 4);
    Venue now = edited(first.venueId(), holdOf(Duration.ofMinutes(7)));

    // Built from the venue as it was: the write must not let the old policy in.
    Outcome<Slot> created = catalog.createSlot(anotherStart(first, Duration.ofDays(1)));

    Slot stored = catalog.findSlot(((Outcome.Done<Slot>) created).value().slotId()).orElseThrow();
    assertThat(stored.policy().holdDuration()).isEqualTo(Duration.ofMinutes(7));
    assertThat(stored.inherited().venueRev()).isEqualTo(now.rev());
  }

  @Test
  void anEditReachesFutureSlotsOnceAndAnOlderEditNeverOverwritesANewerOne() {
    Slot slot = fixtures.slot(ResourceKind.SEATS, 4);
    Venue rev1 = edited(slot.venueId(), holdOf(Duration.ofMinutes(7)));
    Venue rev2 = edited(slot.venueId(), holdOf(Duration.ofMinutes(9)));

    int carried = catalog.carryToFutureSlots(rev2, NOW);
    int again = catalog.carryToFutureSlots(rev2, NOW);
    int stale = catalog.carryToFutureSlots(rev1, NOW);
    int started = catalog.carryToFutureSlots(rev2, slot.interval().start());

    assertThat(carried).isEqualTo(1);
    assertThat(again).isZero();
    assertThat(stale).isZero();
    assertThat(started).isZero();
    Slot stored = catalog.findSlot(slot.slotId()).orElseThrow();
    assertThat(stored.policy().holdDuration()).isEqualTo(Duration.ofMinutes(9));
    assertThat(stored.inherited().venueRev()).isEqualTo(rev2.rev());
  }

  @Test
  void aVenueDisabledAfterItWasReadRefusesTheSlotAtWriteTime() {
    Slot first = fixtures.slot(ResourceKind.SEATS, 4);
    Venue off =
        edited(
            first.venueId(),
            new VenueEdit(
                Optional.empty(), PolicyChange.NONE, Optional.of(OperatingStatus.DISABLED)));

    Outcome<Slot> refused = catalog.createSlot(anotherStart(first, Duration.ofDays(1)));
    catalog.carryToFutureSlots(off, NOW);

    assertThat(((Outcome.Refused<?>) refused).refusal()).isEqualTo(Refusal.DISABLED);
    assertThat(catalog.findSlot(first.slotId()).orElseThrow().onSale()).isFalse();
  }

  @Test
  void anEditJudgedOnAnOlderRevisionIsRefused() {
    Slot slot = fixtures.slot(ResourceKind.SEATS, 4);
    Venue seen = catalog.findVenue(slot.venueId()).orElseThrow();
    edited(slot.venueId(), holdOf(Duration.ofMinutes(7)));

    boolean late = catalog.editVenue(seen, holdOf(Duration.ofMinutes(3)).applyTo(seen), by("a2"));

    assertThat(late).isFalse();
    assertThat(catalog.findVenue(slot.venueId()).orElseThrow().policy().holdDuration())
        .isEqualTo(Duration.ofMinutes(7));
  }

  @Test
  void aCoachOrRoomIsCreatedOnceInAnExistingVenue() {
    Slot slot = fixtures.slot(ResourceKind.SEATS, 4);
    Assignee coach = new Assignee(Assignee.Kind.COACH, id(), slot.venueId(), "Li");

    Outcome<Assignee> first = catalog.createAssignee(coach);
    Outcome<Assignee> twin =
        catalog.createAssignee(new Assignee(Assignee.Kind.COACH, coach.id(), slot.venueId(), "X"));
    Outcome<Assignee> orphan =
        catalog.createAssignee(new Assignee(Assignee.Kind.ROOM, id(), "no-such-venue", "Hall"));

    assertThat(first).isEqualTo(Outcome.done(coach));
    assertThat(twin).isEqualTo(Outcome.done(coach));
    assertThat(catalog.findAssignee(coach.ref())).contains(coach);
    assertThat(((Outcome.Refused<?>) orphan).refusal()).isEqualTo(Refusal.NOT_FOUND);
  }

  @Test
  void aCoachHasOneSessionAtATimeAndTouchingSessionsAreFine() {
    Slot base = fixtures.slot(ResourceKind.SEATS, 4);
    Assignment coach = new Assignment(Optional.of(id()), Optional.empty());
    Slot first = session(base, Duration.ofDays(2), coach);

    Outcome<Slot> created = catalog.createSlot(first);
    Outcome<Slot> overlapping =
        catalog.createSlot(session(base, Duration.ofDays(2).plusMinutes(30), coach));
    Outcome<Slot> touching =
        catalog.createSlot(session(base, Duration.ofDays(2).plusHours(1), coach));

    assertThat(created).isEqualTo(Outcome.done(first));
    assertThat(((Outcome.Refused<?>) overlapping).refusal()).isEqualTo(Refusal.CONFLICT_COACH);
    assertThat(((Outcome.Refused<?>) overlapping).extras())
        .containsEntry("conflicts", java.util.List.of(java.util.Map.of("slotId", first.slotId())));
    assertThat(touching).isInstanceOf(Outcome.Done.class);
  }

  @Test
  void whenBothClashTheCoachIsReportedAndARoomAloneIsARoomClash() {
    Slot base = fixtures.slot(ResourceKind.SEATS, 4);
    String coachId = id();
    String roomId = id();
    Slot first =
        session(
            base, Duration.ofDays(3), new Assignment(Optional.of(coachId), Optional.of(roomId)));
    assertThat(catalog.createSlot(first)).isEqualTo(Outcome.done(first));

    Outcome<Slot> both =
        catalog.createSlot(
            session(
                base,
                Duration.ofDays(3),
                new Assignment(Optional.of(coachId), Optional.of(roomId))));
    Outcome<Slot> roomOnly =
        catalog.createSlot(
            session(
                base, Duration.ofDays(3), new Assignment(Optional.of(id()), Optional.of(roomId))));

    assertThat(((Outcome.Refused<?>) both).refusal()).isEqualTo(Refusal.CONFLICT_COACH);
    assertThat(((Outcome.Refused<?>) roomOnly).refusal()).isEqualTo(Refusal.CONFLICT_ROOM);
  }

  @Test
  void aCancelledSlotIsCancelledOnceFreesItsCoachAndWaitsToBeFinished() {
    Slot base = fixtures.slot(ResourceKind.SEATS, 4);
    Assignment coach = new Assignment(Optional.of(id()), Optional.empty());
    Slot first = session(base, Duration.ofDays(4), coach);
    assertThat(catalog.createSlot(first)).isEqualTo(Outcome.done(first));

    Outcome<Slot> cancelled = catalog.cancelSlot(first.slotId(), by("admin"));
    Outcome<Slot> again = catalog.cancelSlot(first.slotId(), by("admin"));
    Outcome<Slot> missing = catalog.cancelSlot(id(), by("admin"));
    java.util.List<String> due = catalog.cancelsDue(NOW, 100);
    catalog.cancelFinished(first.slotId());
    Outcome<Slot> sameTime = catalog.createSlot(session(base, Duration.ofDays(4), coach));

    assertThat(cancelled).isInstanceOf(Outcome.Done.class);
    assertThat(((Outcome.Done<Slot>) cancelled).value().status()).isEqualTo(SlotStatus.CANCELLED);
    assertThat(((Outcome.Done<Slot>) again).value().status()).isEqualTo(SlotStatus.CANCELLED);
    assertThat(((Outcome.Refused<?>) missing).refusal()).isEqualTo(Refusal.NOT_FOUND);
    assertThat(catalog.findSlot(first.slotId()).orElseThrow().status())
        .isEqualTo(SlotStatus.CANCELLED);
    assertThat(due).contains(first.slotId());
    assertThat(catalog.cancelsDue(NOW, 100)).doesNotContain(first.slotId());
    assertThat(sameTime).isInstanceOf(Outcome.Done.class);
  }

  private static String id() {
    return UUID.randomUUID().toString();
  }

  /**
   * A one-hour session {@code later} after the base slot's start, on a court of its own in the same
   * venue (so only the coach or room can clash, never the resource's start).
   */
  private Slot session(Slot base, Duration later, Assignment assignment) {
    Slot moved = anotherStart(base, later);
    Resource court =
        ((Outcome.Done<Resource>)
                catalog.createResource(
                    new Resource(id(), base.venueId(), "Court", base.kind(), base.capacity())))
            .value();
    return new Slot(
        moved.slotId(),
        moved.venueId(),
        court.resourceId(),
        moved.kind(),
        moved.interval(),
        moved.capacity(),
        moved.remaining(),
        moved.status(),
        moved.price(),
        moved.admission(),
        moved.waitlistLength(),
        moved.timeZone(),
        moved.policy(),
        moved.forWaitlist(),
        assignment,
        moved.inherited());
  }
}
