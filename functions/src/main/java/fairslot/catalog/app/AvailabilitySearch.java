package fairslot.catalog.app;

import fairslot.catalog.domain.Availability;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.Outcome;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code GET /availability}: the venue-day's slots read through the slotsByVenueDay index (one
 * query a page, no scan), then the runs that cover the wanted duration. Runs are made of slots that
 * start on the date asked.
 */
final class AvailabilitySearch {
  /** Pages of the venue-day read at most: 1,000 slots, far above a day of any venue. */
  static final int MAX_PAGES = 5;

  private final CatalogStore store;
  private final Clock clock;

  AvailabilitySearch(CatalogStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
  }

  Outcome<List<Availability.Run>> search(
      String venueId, LocalDate date, Availability.Wanted wanted) {
    if (store.findVenue(venueId).isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no venue " + venueId);
    }
    List<Slot> slots = new ArrayList<>();
    Optional<String> cursor = Optional.empty();
    for (int page = 0; page < MAX_PAGES; page++) {
      Page<Slot> read =
          store.slotsStartingOn(venueId, date, new PageRequest(PageRequest.MAX_LIMIT, cursor));
      slots.addAll(read.items());
      cursor = read.nextCursor();
      if (cursor.isEmpty()) {
        break;
      }
    }
    // A slot whose space is taken through a counterpart (combined resources) has no seat free.
    Set<String> taken = store.spaceTaken(slots);
    slots.removeIf(s -> taken.contains(s.slotId()));
    return Outcome.done(Availability.runs(slots, wanted, clock.instant()));
  }
}
