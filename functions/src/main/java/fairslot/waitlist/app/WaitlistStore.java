package fairslot.waitlist.app;

import fairslot.catalog.domain.Slot;
import fairslot.kernel.Change;
import fairslot.notification.domain.Notification;
import fairslot.waitlist.domain.WaitlistEntry;
import fairslot.waitlist.domain.WaitlistStatus;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Port: waitlist entries and the slot counters they move (waitlistLength, forWaitlist, remaining).
 */
public interface WaitlistStore {

  /**
   * Takes the next number from the slot's atomic join counter, then in one transaction adds the
   * entry, the member's one-entry-per-slot guard, and waitlistLength + 1, on condition that no seat
   * is on open sale and the slot is open and not started.
   */
  JoinResult join(Slot slot, String userId, String entryId, Instant now);

  Optional<WaitlistEntry> find(String entryId);

  /** The member's latest entry for the slot, whatever its status. */
  Optional<WaitlistEntry> entryOf(String slotId, String userId);

  /** WAITING entries ahead of this one. */
  int waitingAhead(WaitlistEntry entry);

  /** The first WAITING entry by join order. */
  Optional<WaitlistEntry> head(String slotId);

  /**
   * Reserves one owed seat for {@code entry}: forWaitlist, remaining and waitlistLength - 1 on the
   * slot (on condition a seat is owed), the entry WAITING to OFFERED, and an OFFER_MADE
   * notification.
   */
  MoveResult offer(WaitlistEntry entry, Instant offerExpiresAt, Change change);

  /**
   * Ends an open offer (declined, left, or expired) and returns its seat: to the waitlist if
   * members wait, else to open sale. With {@link Change#dueBy()}, only if the offer is past its
   * deadline.
   */
  default MoveResult endOffer(WaitlistEntry entry, WaitlistStatus to, Change change) {
    return endOffer(
        entry,
        to,
        change,
        to == WaitlistStatus.EXPIRED
            ? Optional.of(Notification.Kind.OFFER_EXPIRED)
            : Optional.empty());
  }

  /** As above, telling the member with a notification of {@code notice} kind, if given. */
  MoveResult endOffer(
      WaitlistEntry entry, WaitlistStatus to, Change change, Optional<Notification.Kind> notice);

  /**
   * WAITING to EXPIRED because the slot was cancelled, waitlistLength - 1, with a SLOT_CANCELLED
   * notification.
   */
  MoveResult closeWaiting(WaitlistEntry entry, Change change);

  /** Every entry of a slot, whatever its status, in join order (entriesBySlot index). */
  List<WaitlistEntry> entriesOf(String slotId);

  /** WAITING to LEFT, waitlistLength - 1. */
  MoveResult leave(WaitlistEntry entry, Change change);

  List<WaitlistEntry> dueOffers(Instant now, int limit);

  /**
   * Slots marked as owing seats to their waitlist (sparse index; marked when such a seat is
   * released).
   */
  List<String> slotsAwaitingOffers(int limit);

  /**
   * When nobody waits any more, seats still owed go back on open sale (and the mark is cleared);
   * when nothing is owed, only the mark is cleared. False if the slot changed meanwhile.
   */
  boolean settleOwedSeats(String slotId);

  /** Remembers a consumed event id; false if it was seen before. */
  boolean remember(String eventId, Instant at);

  sealed interface JoinResult {
    record Joined(WaitlistEntry entry) implements JoinResult {}

    /** The member is already in line (WAITING or OFFERED): that entry. */
    record AlreadyIn(WaitlistEntry entry) implements JoinResult {}

    record SeatsAvailable() implements JoinResult {}

    record SlotNotOpen() implements JoinResult {}
  }

  sealed interface MoveResult {
    record Moved() implements MoveResult {}

    /** The entry or the slot was not as expected (someone else moved it first). */
    record Missed() implements MoveResult {}
  }
}
