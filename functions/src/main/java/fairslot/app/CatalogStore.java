package fairslot.app;

import fairslot.domain.Outcome;
import fairslot.domain.Resource;
import fairslot.domain.Slot;
import fairslot.domain.SlotStatus;
import fairslot.domain.Venue;
import java.time.LocalDate;
import java.util.Optional;

/** Port: venues, resources and slots. */
public interface CatalogStore {

  void createVenue(Venue venue);

  Optional<Venue> findVenue(String venueId);

  /** Refuses NOT_FOUND if the venue does not exist at write time. */
  Outcome<Resource> createResource(Resource resource);

  Optional<Resource> findResource(String resourceId);

  /** Refuses DUPLICATE_SLOT (with the existing slotId) if the resource already has a slot at that start. */
  Outcome<Slot> createSlot(Slot slot);

  Optional<Slot> findSlot(String slotId);

  Page<Slot> slotsStartingOn(String venueId, LocalDate venueDate, PageRequest page);

  Optional<Slot> setAdmission(String slotId, fairslot.domain.Admission admission);

  /** Moves the slot from {@code from} to {@code to} if, at write time, it is in {@code from}. */
  Optional<Slot> moveSlot(String slotId, SlotStatus from, SlotStatus to);
}
