package fairslot.catalog.app;

import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.ResourceEdit;
import fairslot.catalog.domain.Venue;
import fairslot.catalog.domain.VenueEdit;
import fairslot.kernel.Change;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/**
 * Edits of venues and resources (PATCH /venues/{id}, PATCH /venues/{id}/resources/{id}). The edit
 * is written on condition the item is still at the revision it was judged on, then carried to every
 * slot that has not started: its policy (for the bookings made from now on) and its disabled mark.
 * The carry runs on every request, even one that changes nothing, so repeating an edit whose carry
 * was cut short (a 503, a timeout) finishes it.
 */
public final class VenueEdits {
  /**
   * Each round that misses lost to another edit that was written, and each edit is written once, so
   * an edit racing n others needs at most n + 1 rounds (VenueEditIT races 8). Past these the admin
   * gets 503 and tries again.
   */
  private static final int MAX_ROUNDS = 25;

  private final CatalogStore catalog;
  private final Clock clock;

  public VenueEdits(CatalogStore catalog, Clock clock) {
    this.catalog = catalog;
    this.clock = clock;
  }

  public Outcome<Venue> edit(String venueId, VenueEdit edit, String actor) {
    for (int round = 0; round < MAX_ROUNDS; round++) {
      Optional<Venue> found = catalog.findVenue(venueId);
      if (found.isEmpty()) {
        return Outcome.refused(Refusal.NOT_FOUND, "no venue " + venueId);
      }
      Venue seen = found.get();
      Instant now = clock.instant();
      if (edit.changesNothing(seen)) {
        catalog.carryToFutureSlots(seen, now);
        return Outcome.done(seen);
      }
      Venue next = edit.applyTo(seen);
      if (catalog.editVenue(seen, next, Change.by(actor, now, "venue edited"))) {
        if (!edit.changesOnlyThePlace(seen)) {
          catalog.carryToFutureSlots(next, now);
        }
        return Outcome.done(next);
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the venue is being edited; try again");
  }

  public Outcome<Resource> edit(
      String venueId, String resourceId, ResourceEdit edit, String actor) {
    for (int round = 0; round < MAX_ROUNDS; round++) {
      Optional<Resource> found =
          catalog.findResource(resourceId).filter(r -> r.venueId().equals(venueId));
      if (found.isEmpty()) {
        return Outcome.refused(
            Refusal.NOT_FOUND, "no resource " + resourceId + " in venue " + venueId);
      }
      Resource seen = found.get();
      Instant now = clock.instant();
      if (edit.changesNothing(seen)) {
        catalog.carryToFutureSlots(seen, now);
        return Outcome.done(seen);
      }
      Outcome<Resource> judged = edit.applyTo(seen);
      if (!(judged instanceof Outcome.Done<Resource> done)) {
        return judged;
      }
      if (catalog.editResource(seen, done.value(), Change.by(actor, now, "resource edited"))) {
        catalog.carryToFutureSlots(done.value(), now);
        return judged;
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the resource is being edited; try again");
  }
}
