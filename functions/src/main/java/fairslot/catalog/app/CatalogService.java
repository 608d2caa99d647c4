package fairslot.catalog.app;

import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.Assignee;
import fairslot.catalog.domain.Assignment;
import fairslot.catalog.domain.Availability;
import fairslot.catalog.domain.Minimum;
import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.SlotStatus;
import fairslot.catalog.domain.Venue;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.kernel.Change;
import fairslot.kernel.GeoPoint;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.IdempotentRequest;
import fairslot.kernel.Interval;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import fairslot.kernel.VenueTime;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/** Venues, resources and slots: the catalogue staff maintain and customers browse. */
public final class CatalogService {
  private final CatalogStore store;
  private final Clock clock;
  private final IdGenerator ids;
  private final SlotGeneration generation;
  private final VenueFinder finder;

  public CatalogService(CatalogStore store, Clock clock, IdGenerator ids) {
    this.store = store;
    this.clock = clock;
    this.ids = ids;
    this.generation = new SlotGeneration(store, clock, ids);
    this.finder = new VenueFinder(store);
  }

  /** A new venue; {@code address} and {@code location} are how members find it (v1.3). */
  public record CreateVenue(
      String name,
      ZoneId timeZone,
      VenuePolicy policy,
      Optional<String> address,
      Optional<GeoPoint> location) {
    public CreateVenue(String name, ZoneId timeZone, VenuePolicy policy) {
      this(name, timeZone, policy, Optional.empty(), Optional.empty());
    }
  }

  public record CreateSlot(
      String resourceId,
      String start,
      String end,
      OptionalInt capacity,
      Money price,
      Admission admission,
      Assignment assignment,
      Optional<Minimum> minimum) {
    /** Without a minimum of participants. */
    public CreateSlot(
        String resourceId,
        String start,
        String end,
        OptionalInt capacity,
        Money price,
        Admission admission,
        Assignment assignment) {
      this(resourceId, start, end, capacity, price, admission, assignment, Optional.empty());
    }
  }

  public record CreateAssignee(Assignee.Kind kind, String venueId, String name) {}

  public Venue createVenue(CreateVenue command, Optional<IdempotentRequest> key) {
    Venue venue =
        new Venue(ids.idFor(key, "venue"), command.name(), command.timeZone(), command.policy())
            .at(command.address(), command.location());
    return store.createVenue(venue);
  }

  /** The active venues members find by words and nearness ({@link VenueFinder}). */
  public Page<VenueFinder.Found> findVenues(VenueFinder.Query query) {
    return finder.find(query);
  }

  public Optional<Resource> resource(String resourceId) {
    return store.findResource(resourceId);
  }

  public Optional<Venue> venue(String venueId) {
    return store.findVenue(venueId);
  }

  /** The venue's resources (the first 500), or empty if there is no such venue. */
  public Optional<List<Resource>> resources(String venueId) {
    return store.findVenue(venueId).map(v -> store.resourcesOf(venueId, 500));
  }

  public Outcome<Resource> createResource(CreateResource command, Optional<IdempotentRequest> key) {
    if (command.kind() == ResourceKind.EXCLUSIVE && command.capacity() != 1) {
      return Outcome.refused(Refusal.INVALID_REQUEST, "an EXCLUSIVE resource has capacity 1");
    }
    if (store.findVenue(command.venueId()).isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no venue " + command.venueId());
    }
    Optional<String> badPart = CombinedParts.firstUnfit(command, store::findResource);
    if (badPart.isPresent()) {
      return Outcome.refused(Refusal.INVALID_REQUEST, badPart.get());
    }
    return store.createResource(command.toResource(ids.idFor(key, "resource")));
  }

  public Outcome<Assignee> createAssignee(CreateAssignee command, Optional<IdempotentRequest> key) {
    return store.createAssignee(
        new Assignee(
            command.kind(),
            ids.idFor(key, command.kind().name()),
            command.venueId(),
            command.name()));
  }

  public Outcome<Slot> createSlot(CreateSlot command, Optional<IdempotentRequest> key) {
    return createSlot(command, Optional.empty(), key);
  }

  /** A LOTTERY slot names when its entries close; its lottery is written with it. */
  public Outcome<Slot> createSlot(
      CreateSlot command, Optional<String> lotteryClosesAt, Optional<IdempotentRequest> key) {
    Outcome<SlotTarget> target =
        SlotTarget.find(
            store,
            command.resourceId(),
            command.capacity(),
            command.assignment(),
            command.minimum());
    if (!(target instanceof Outcome.Done<SlotTarget> found)) {
      return target.map(t -> null);
    }
    ZoneId zone = found.value().venue().timeZone();
    Optional<Instant> start = VenueTime.parse(command.start(), zone);
    Optional<Instant> end = VenueTime.parse(command.end(), zone);
    if (start.isEmpty() || end.isEmpty()) {
      return Outcome.refused(Refusal.INVALID_REQUEST, "start and end must be ISO-8601 date-times");
    }
    if (!start.get().isBefore(end.get())) {
      return Outcome.refused(Refusal.INVALID_REQUEST, "end must be after start");
    }
    Interval interval = new Interval(start.get(), end.get());
    if (interval.length().compareTo(Slot.MAX_LENGTH) > 0) {
      return Outcome.refused(Refusal.INVALID_REQUEST, "a slot lasts at most 24 hours");
    }
    if (!start.get().isAfter(clock.instant())) {
      return Outcome.refused(Refusal.INVALID_REQUEST, "start must be in the future");
    }
    if (start.get().isAfter(clock.instant().plus(Slot.MAX_AHEAD))) {
      return Outcome.refused(Refusal.INVALID_REQUEST, "a slot starts at most 2 years ahead");
    }
    if (SlotGeneration.decidedTooLate(command.minimum(), interval, clock.instant())) {
      return Outcome.refused(Refusal.INVALID_REQUEST, SlotGeneration.DECISION_PAST);
    }
    Slot slot =
        found.value().slot(ids.idFor(key, "slot"), interval, command.price(), command.admission());
    return LotteryTerms.of(
            command.admission(), lotteryClosesAt, zone, interval, clock.instant(), slot.slotId())
        .then(lottery -> store.createSlot(slot, lottery));
  }

  /**
   * Creates every session of a weekly rule, one conditional transaction each ({@link
   * SlotGeneration}).
   */
  public Outcome<SlotGeneration.Generated> generate(SlotGeneration.GenerateSlots command) {
    return generation.generate(command);
  }

  public Optional<Slot> slot(String slotId) {
    return store.findSlot(slotId);
  }

  public Page<Slot> slotsOn(String venueId, LocalDate date, PageRequest page) {
    return store.slotsStartingOn(venueId, date, page);
  }

  /** Runs of back-to-back bookable slots of one resource covering {@code wanted} (v1.2). */
  /** Of these slots, those whose space is taken through a counterpart (shown with no seat). */
  public Set<String> spaceTaken(Collection<Slot> slots) {
    return store.spaceTaken(slots);
  }

  public Outcome<List<Availability.Run>> availability(
      String venueId, LocalDate date, Availability.Wanted wanted) {
    return new AvailabilitySearch(store, clock).search(venueId, date, wanted);
  }

  /** Switches how bookings reach the slot; LOTTERY only at creation (its draw is made then). */
  public Outcome<Slot> setAdmission(String staff, String slotId, Admission admission) {
    if (admission == Admission.LOTTERY) {
      return Outcome.refused(Refusal.INVALID_REQUEST, "a LOTTERY slot is made by POST /slots");
    }
    // A LOTTERY slot stays one, so reading its admission before the write is safe.
    if (store.findSlot(slotId).map(x -> x.admission() == Admission.LOTTERY).orElse(false)) {
      return Outcome.refused(
          Refusal.INVALID_TRANSITION, "a slot is a LOTTERY slot from its creation, and stays one");
    }
    return store
        .setAdmission(slotId, admission, Change.by(staff, clock.instant(), "admission set"))
        .<Outcome<Slot>>map(Outcome::done)
        .orElseGet(() -> Outcome.refused(Refusal.NOT_FOUND, "no slot " + slotId));
  }

  /** Closing a closed slot (or opening an open one) is a no-op that returns the slot. */
  public Outcome<Slot> setOpen(String staff, String slotId, boolean open) {
    SlotStatus from = open ? SlotStatus.CLOSED : SlotStatus.OPEN;
    SlotStatus to = open ? SlotStatus.OPEN : SlotStatus.CLOSED;
    Optional<Slot> moved =
        store.moveSlot(
            slotId, from, to, Change.by(staff, clock.instant(), open ? "opened" : "closed"));
    if (moved.isPresent()) {
      return Outcome.done(moved.get());
    }
    Optional<Slot> current = store.findSlot(slotId);
    if (current.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no slot " + slotId);
    }
    if (current.get().status() == to) {
      return Outcome.done(current.get());
    }
    return Outcome.refused(
        Refusal.INVALID_TRANSITION,
        "a " + current.get().status() + " slot cannot be " + (open ? "opened" : "closed"));
  }
}
