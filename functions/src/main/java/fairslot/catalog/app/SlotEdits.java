package fairslot.catalog.app;

import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.SlotEdit;
import fairslot.kernel.Change;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/**
 * Edits of a slot's price and capacity (PATCH /slots/{id}). The edit is judged on the slot as read
 * and written on condition that the slot is still exactly that, so the audit's before and after are
 * the truth; a booking that lands in between makes the write miss, and the edit is judged again on
 * the fresh slot. Raised capacity owed to the waitlist is announced like a release, so the waitlist
 * offers it at once (the fallback job finds it if the announcement is lost).
 */
public final class SlotEdits {
  /**
   * The write conditions on the exact stock (that is what makes the audit's remainingBefore and
   * remainingAfter true), so each booking in between makes it miss. An edit during a crowd keeps
   * trying until the crowd leaves a gap; 25 rounds carried every edit through a 100-booking race on
   * the emulator (SlotEditIT). Past them: 503 throttled, and the admin tries again.
   */
  private static final int MAX_ROUNDS = 25;

  private final CatalogStore catalog;
  private final EventPublisher events;
  private final Clock clock;

  public SlotEdits(CatalogStore catalog, EventPublisher events, Clock clock) {
    this.catalog = catalog;
    this.events = events;
    this.clock = clock;
  }

  public Outcome<Slot> edit(String slotId, SlotEdit edit, String actor) {
    for (int round = 0; round < MAX_ROUNDS; round++) {
      Optional<Slot> found = catalog.findSlot(slotId);
      if (found.isEmpty()) {
        return Outcome.refused(Refusal.NOT_FOUND, "no slot " + slotId);
      }
      Slot seen = found.get();
      if (edit.changesNothing()) {
        return Outcome.done(seen);
      }
      Instant now = clock.instant();
      Outcome<Slot> judged = edit.applyTo(seen, now);
      if (!(judged instanceof Outcome.Done<Slot> done)) {
        return judged;
      }
      Slot next = done.value();
      if (catalog.editSlot(seen, next, Change.by(actor, now, "slot edited"))) {
        int owed = next.forWaitlist() - seen.forWaitlist();
        if (owed > 0) {
          events.seatsReleased(
              new SeatReleased(
                  "capacity:" + slotId + ":" + now.toEpochMilli() + ":" + next.capacity(),
                  slotId,
                  owed,
                  SeatReleased.Reason.CAPACITY_ADDED));
        }
        return Outcome.done(next);
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the slot is busy; try the edit again");
  }
}
