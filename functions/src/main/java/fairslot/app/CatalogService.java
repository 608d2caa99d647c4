package fairslot.app;

import fairslot.domain.Admission;
import fairslot.domain.Interval;
import fairslot.domain.Money;
import fairslot.domain.Outcome;
import fairslot.domain.Refusal;
import fairslot.domain.Resource;
import fairslot.domain.ResourceKind;
import fairslot.domain.Slot;
import fairslot.domain.SlotStatus;
import fairslot.domain.Venue;
import fairslot.domain.VenuePolicy;
import fairslot.domain.VenueTime;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Optional;
import java.util.OptionalInt;

/** Venues, resources and slots: the catalogue staff maintain and customers browse. */
public final class CatalogService {
  private final CatalogStore store;
  private final Clock clock;
  private final IdGenerator ids;

  public CatalogService(CatalogStore store, Clock clock, IdGenerator ids) {
    this.store = store;
    this.clock = clock;
    this.ids = ids;
  }

  public record CreateVenue(String name, ZoneId timeZone, VenuePolicy policy) {}

  public record CreateResource(String venueId, String name, ResourceKind kind, int capacity) {}

  public record CreateSlot(
      String resourceId, String start, String end, OptionalInt capacity, Money price, Admission admission) {}

  public Venue createVenue(CreateVenue command) {
    Venue venue = new Venue(ids.newId(), command.name(), command.timeZone(), command.policy());
    store.createVenue(venue);
    return venue;
  }

  public Optional<Venue> venue(String venueId) {
    return store.findVenue(venueId);
  }

  public Outcome<Resource> createResource(CreateResource command) {
    if (command.kind() == ResourceKind.EXCLUSIVE && command.capacity() != 1) {
      return Outcome.refused(Refusal.INVALID_REQUEST, "an EXCLUSIVE resource has capacity 1");
    }
    if (store.findVenue(command.venueId()).isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no venue " + command.venueId());
    }
    return store.createResource(
        new Resource(ids.newId(), command.venueId(), command.name(), command.kind(), command.capacity()));
  }

  public Outcome<Slot> createSlot(CreateSlot command) {
    Optional<Resource> found = store.findResource(command.resourceId());
    if (found.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no resource " + command.resourceId());
    }
    Resource resource = found.get();
    Optional<Venue> venue = store.findVenue(resource.venueId());
    if (venue.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no venue " + resource.venueId());
    }
    ZoneId zone = venue.get().timeZone();
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
    int capacity = command.capacity().orElse(resource.capacity());
    if (resource.kind() == ResourceKind.EXCLUSIVE && capacity != 1) {
      return Outcome.refused(Refusal.INVALID_REQUEST, "an EXCLUSIVE resource always has capacity 1");
    }
    if (capacity < 1) {
      return Outcome.refused(Refusal.INVALID_REQUEST, "capacity must be at least 1");
    }
    Slot slot = new Slot(ids.newId(), resource.venueId(), resource.resourceId(), resource.kind(), interval,
        capacity, capacity, SlotStatus.OPEN, command.price(), command.admission(), 0, zone,
        venue.get().policy(), 0);
    return store.createSlot(slot);
  }

  public Optional<Slot> slot(String slotId) {
    return store.findSlot(slotId);
  }

  public Page<Slot> slotsOn(String venueId, LocalDate date, PageRequest page) {
    return store.slotsStartingOn(venueId, date, page);
  }

  /** Switches how bookings reach the slot; seats are one inventory either way. */
  public Outcome<Slot> setAdmission(String slotId, Admission admission) {
    return store.setAdmission(slotId, admission).<Outcome<Slot>>map(Outcome::done)
        .orElseGet(() -> Outcome.refused(Refusal.NOT_FOUND, "no slot " + slotId));
  }

  /** Closing a closed slot (or opening an open one) is a no-op that returns the slot. */
  public Outcome<Slot> setOpen(String slotId, boolean open) {
    SlotStatus from = open ? SlotStatus.CLOSED : SlotStatus.OPEN;
    SlotStatus to = open ? SlotStatus.OPEN : SlotStatus.CLOSED;
    Optional<Slot> moved = store.moveSlot(slotId, from, to);
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
    return Outcome.refused(Refusal.INVALID_TRANSITION,
        "a " + current.get().status() + " slot cannot be " + (open ? "opened" : "closed"));
  }
}
