package fairslot.catalog.app;

import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.Assignee;
import fairslot.catalog.domain.Assignment;
import fairslot.catalog.domain.Inherited;
import fairslot.catalog.domain.Minimum;
import fairslot.catalog.domain.OperatingStatus;
import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.SessionRules;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.SlotStatus;
import fairslot.catalog.domain.Venue;
import fairslot.kernel.Interval;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/** The resource, its venue, the capacity and the coach/room a new slot would have, all checked. */
record SlotTarget(
    Resource resource,
    Venue venue,
    int capacity,
    Assignment assignment,
    Optional<Minimum> minimum) {
  Slot slot(String slotId, Interval interval, Money price, Admission admission) {
    return new Slot(
        slotId,
        resource.venueId(),
        resource.resourceId(),
        resource.kind(),
        interval,
        capacity,
        capacity,
        SlotStatus.OPEN,
        price,
        admission,
        0,
        venue.timeZone(),
        venue.policy(),
        0,
        assignment,
        Inherited.of(venue, resource),
        new SessionRules(resource.bufferAfter(), minimum));
  }

  static Outcome<SlotTarget> find(
      CatalogStore store,
      String resourceId,
      OptionalInt wantedCapacity,
      Assignment assignment,
      Optional<Minimum> minimum) {
    Optional<Resource> found = store.findResource(resourceId);
    if (found.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no resource " + resourceId);
    }
    Resource resource = found.get();
    Optional<Venue> venue = store.findVenue(resource.venueId());
    if (venue.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no venue " + resource.venueId());
    }
    for (Assignee.Ref ref : assignment.refs()) {
      Optional<Assignee> assignee = store.findAssignee(ref);
      String what = ref.kind().name().toLowerCase(Locale.ROOT);
      if (assignee.isEmpty()) {
        return Outcome.refused(Refusal.NOT_FOUND, "no " + what + " " + ref.id());
      }
      if (!assignee.get().venueId().equals(resource.venueId())) {
        return Outcome.refused(
            Refusal.INVALID_REQUEST, "the " + what + " belongs to another venue");
      }
    }
    if (venue.get().status() == OperatingStatus.DISABLED) {
      return Outcome.refused(Refusal.DISABLED, "the venue is disabled");
    }
    if (resource.status() == OperatingStatus.DISABLED) {
      return Outcome.refused(Refusal.DISABLED, "the resource is disabled");
    }
    int capacity = wantedCapacity.orElse(resource.capacity());
    if (resource.kind() == ResourceKind.EXCLUSIVE && capacity != 1) {
      return Outcome.refused(
          Refusal.INVALID_REQUEST, "an EXCLUSIVE resource always has capacity 1");
    }
    if (capacity < 1) {
      return Outcome.refused(Refusal.INVALID_REQUEST, "capacity must be at least 1");
    }
    if (minimum.isPresent() && minimum.get().participants() > capacity) {
      return Outcome.refused(
          Refusal.INVALID_REQUEST, "minParticipants must not exceed the slot's capacity");
    }
    return Outcome.done(new SlotTarget(resource, venue.get(), capacity, assignment, minimum));
  }
}
