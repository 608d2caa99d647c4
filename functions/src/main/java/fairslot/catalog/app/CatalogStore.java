package fairslot.catalog.app;

import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.Assignee;
import fairslot.catalog.domain.Lottery;
import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.SlotStatus;
import fairslot.catalog.domain.Venue;
import fairslot.kernel.Change;
import fairslot.kernel.Outcome;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Port: venues, resources and slots. */
public interface CatalogStore {

  /** Creates the venue; if one with its id exists already (a twin request's), returns that one. */
  Venue createVenue(Venue venue);

  Optional<Venue> findVenue(String venueId);

  /** Every venue in the directory members find venues in, whatever its status. */
  List<Venue> listedVenues();

  /**
   * Refuses NOT_FOUND if the venue does not exist at write time; an existing item with its id is
   * returned.
   */
  Outcome<Resource> createResource(Resource resource);

  Optional<Resource> findResource(String resourceId);

  /** The venue's resources, by id (at most {@code limit}); empty if none (or no such venue). */
  List<Resource> resourcesOf(String venueId, int limit);

  /**
   * Refuses DUPLICATE_SLOT (with the existing slotId) if the resource already has a slot at that
   * start, and CONFLICT_COACH / CONFLICT_ROOM (with {@code conflicts}) if the slot's coach or room
   * already has an overlapping session; the coach's and room's days are written in the same
   * transaction. If the slot at that start is this very slot (a twin request's, same id), it is
   * returned as created.
   */
  default Outcome<Slot> createSlot(Slot slot) {
    return createSlot(slot, Optional.empty());
  }

  /** A LOTTERY slot comes with its lottery, written in the same transaction. */
  Outcome<Slot> createSlot(Slot slot, Optional<Lottery> lottery);

  Optional<Slot> findSlot(String slotId);

  /**
   * Of these slots, the ones whose space is taken through a counterpart (a combined resource's
   * part, or the whole of a part): to a member they have no seat. A snapshot for showing.
   */
  Set<String> spaceTaken(Collection<Slot> slots);

  /**
   * The slot for judging the facts that never change after creation (exists, capacity, policy,
   * times, kind, price) plus its admission mode, which may lag a switch by up to a second in
   * another container. The counters in it are stale: decide nothing from them. A flash crowd on one
   * slot reads it once per container and second instead of once per request.
   */
  Optional<Slot> slotFacts(String slotId);

  /**
   * OPEN or CLOSED to CANCELLED, freeing the slot's coach and room, with its audit record. A slot
   * already CANCELLED is returned as it is.
   */
  Outcome<Slot> cancelSlot(String slotId, Change change);

  /** The cancel of this slot has released everything: it no longer needs finishing. */
  void cancelFinished(String slotId);

  /**
   * Cancelled slots marked at or before {@code by} whose cancel has not finished (sparse index).
   */
  List<String> cancelsDue(Instant by, int limit);

  /**
   * Makes the slot's minimum-participants decision once: confirmed if the seats taken reach the
   * minimum, else cancelled (CANCELLED, marked for releasing, as {@link #cancelSlot}), each on
   * condition that the seats are still as judged. Empty if there is no such slot or it kept
   * changing; an already decided (or cancelled) slot comes back with {@code decidedNow} false.
   */
  Optional<MinimumDecided> decideMinimum(String slotId, Change change);

  /** The slot after its minimum decision; {@code decidedNow}: this call made it. */
  record MinimumDecided(Slot slot, boolean decidedNow) {}

  /** Slots whose minimum-participants decision is due at or before {@code by} (sparse index). */
  List<String> minimumsDue(Instant by, int limit);

  /** Every slot's id, a page at a time (cursor from the previous page). */
  Page<String> slotIds(Optional<String> cursor, int limit);

  /** Refuses NOT_FOUND if the venue does not exist at write time. */
  Outcome<Assignee> createAssignee(Assignee assignee);

  Optional<Assignee> findAssignee(Assignee.Ref ref);

  Page<Slot> slotsStartingOn(String venueId, LocalDate venueDate, PageRequest page);

  /** Sets the admission mode (with its audit record); empty if there is no such slot. */
  Optional<Slot> setAdmission(String slotId, Admission admission, Change change);

  /**
   * Writes {@code next}'s capacity, remaining, forWaitlist and price, on condition that the slot's
   * status, counters, capacity and price are still those of {@code seen}; with seats owed to the
   * waitlist, the slot is marked for the fallback job. The audit record carries each changed field
   * before and after. False if the slot moved since {@code seen}: read it again and judge again.
   */
  boolean editSlot(Slot seen, Slot next, Change change);

  /**
   * Writes {@code next} (one revision on from {@code seen}) with its audit record, each changed
   * field before and after, on condition the venue is still at {@code seen}'s revision. False if it
   * moved: read it again and judge again.
   */
  boolean editVenue(Venue seen, Venue next, Change change);

  /** As {@link #editVenue}, for a resource. */
  boolean editResource(Resource seen, Resource next, Change change);

  /**
   * Brings each slot of the venue starting after {@code after} to the venue's revision: its policy
   * copy and disabled mark. A slot already at that revision or a newer one is left alone, so a
   * rerun changes nothing. Returns the slots changed.
   */
  int carryToFutureSlots(Venue venue, Instant after);

  /** As above, for a resource's disabled mark. */
  int carryToFutureSlots(Resource resource, Instant after);

  /**
   * Moves the slot from {@code from} to {@code to} if, at write time, it is in {@code from}, with
   * its audit record.
   */
  Optional<Slot> moveSlot(String slotId, SlotStatus from, SlotStatus to, Change change);
}
