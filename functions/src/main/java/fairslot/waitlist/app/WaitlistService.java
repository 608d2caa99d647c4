package fairslot.waitlist.app;

import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.WaitlistMode;
import fairslot.kernel.Change;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.JobLoop;
import fairslot.kernel.JobReport;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.waitlist.app.WaitlistStore.JoinResult;
import fairslot.waitlist.app.WaitlistStore.MoveResult;
import fairslot.waitlist.domain.WaitlistEntry;
import fairslot.waitlist.domain.WaitlistStatus;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The waitlist: members line up in join order, and every seat released while they wait is offered
 * to the head of the line before anyone else can book it. Each step is a conditional transition, so
 * duplicate events, concurrent releases and the fallback job can never offer one seat twice.
 */
public final class WaitlistService {
  /** How many offers one fill makes at most before leaving the rest to the next trigger. */
  private static final int MAX_OFFERS_PER_FILL = 100;

  private final CatalogStore catalog;
  private final WaitlistStore waitlist;
  private final OfferHolds holds;
  private final Clock clock;
  private final IdGenerator ids;

  public WaitlistService(
      CatalogStore catalog,
      WaitlistStore waitlist,
      OfferHolds holds,
      Clock clock,
      IdGenerator ids) {
    this.catalog = catalog;
    this.waitlist = waitlist;
    this.holds = holds;
    this.clock = clock;
    this.ids = ids;
  }

  /** An entry and its live place in line (1 = next; 0 once out of the line). */
  public record Place(WaitlistEntry entry, int position) {}

  public Outcome<Place> join(String userId, String slotId) {
    Optional<Slot> slot = catalog.findSlot(slotId);
    if (slot.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no slot " + slotId);
    }
    Instant now = clock.instant();
    if (slot.get().hasStarted(now)) {
      return Outcome.refused(Refusal.SLOT_IN_PAST, "the slot has already started");
    }
    JoinResult joined = waitlist.join(slot.get(), userId, ids.newId(), now);
    if (joined instanceof JoinResult.Joined j) {
      return Outcome.done(placeOf(j.entry()));
    }
    if (joined instanceof JoinResult.AlreadyIn in) {
      return Outcome.done(placeOf(in.entry()));
    }
    if (joined instanceof JoinResult.SeatsAvailable) {
      if (!catalog.spaceTaken(List.of(slot.get())).isEmpty()) {
        // Taken through a counterpart (a combined court's part or whole): no seat, no line.
        return Outcome.refused(
            Refusal.SOLD_OUT,
            "the space is taken by a booking of a court sharing it at this time; no waitlist");
      }
      return Outcome.refused(Refusal.SEATS_AVAILABLE, "seats are still on sale: book one");
    }
    return Outcome.refused(Refusal.SLOT_CLOSED, "the slot takes no bookings");
  }

  public Outcome<Place> mine(String userId, String slotId) {
    return waitlist
        .entryOf(slotId, userId)
        .<Outcome<Place>>map(e -> Outcome.done(placeOf(e)))
        .orElseGet(() -> Outcome.refused(Refusal.NOT_FOUND, "you are not on this slot's waitlist"));
  }

  private Place placeOf(WaitlistEntry e) {
    WaitlistStatus status = e.statusAt(clock.instant());
    return new Place(e, status == WaitlistStatus.WAITING ? waitlist.waitingAhead(e) + 1 : 0);
  }

  /** Leaves the line (an open offer is given up and moves on). Leaving when not in line is fine. */
  public void leave(String userId, String slotId) {
    Optional<WaitlistEntry> entry = waitlist.entryOf(slotId, userId);
    if (entry.isEmpty()) {
      return;
    }
    Change change = Change.by(userId, clock.instant(), "left the waitlist");
    if (entry.get().status() == WaitlistStatus.WAITING) {
      waitlist.leave(entry.get(), change);
    } else if (entry.get().status() == WaitlistStatus.OFFERED) {
      waitlist.endOffer(entry.get(), WaitlistStatus.LEFT, change);
    }
    fill(slotId);
  }

  public Outcome<WaitlistEntry> decline(String userId, String entryId) {
    Optional<WaitlistEntry> found = waitlist.find(entryId).filter(e -> e.userId().equals(userId));
    if (found.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no waitlist entry " + entryId);
    }
    WaitlistEntry entry = found.get();
    if (entry.status() == WaitlistStatus.OFFERED) {
      waitlist.endOffer(
          entry, WaitlistStatus.EXPIRED, Change.by(userId, clock.instant(), "declined"));
      fill(entry.slotId());
    } else if (entry.status() == WaitlistStatus.ACCEPTED) {
      return Outcome.refused(Refusal.INVALID_TRANSITION, "the offer was already accepted");
    }
    return Outcome.done(entry);
  }

  /** Offers every seat the slot owes its waitlist to the head of the line, in join order. */
  public int fill(String slotId) {
    int offers = 0;
    for (int i = 0; i < MAX_OFFERS_PER_FILL; i++) {
      Optional<Slot> found = catalog.findSlot(slotId);
      if (found.isEmpty()) {
        return offers;
      }
      Slot slot = found.get();
      if (slot.forWaitlist() == 0) {
        waitlist.settleOwedSeats(slotId); // clears the fallback mark
        return offers;
      }
      Optional<WaitlistEntry> head = waitlist.head(slotId);
      if (head.isEmpty()) {
        if (slot.waitlistLength() == 0) {
          waitlist.settleOwedSeats(slotId); // nobody waits: the seats go back on open sale
        }
        return offers; // else the index lags; the fallback job comes back
      }
      Instant now = clock.instant();
      Instant deadline = now.plus(slot.policy().offerDuration());
      if (waitlist.offer(head.get(), deadline, Change.by("system:waitlist", now, "seat released"))
          instanceof MoveResult.Moved) {
        offers++;
        WaitlistEntry offered =
            new WaitlistEntry(
                head.get().entryId(),
                slotId,
                head.get().userId(),
                head.get().sequence(),
                WaitlistStatus.OFFERED,
                Optional.of(deadline),
                Optional.empty(),
                head.get().joinedAt(),
                head.get().slotCapacity());
        if (slot.policy().waitlistMode() == WaitlistMode.AUTO_HOLD) {
          autoHold(offered, slot);
        }
      }
    }
    return offers;
  }

  /**
   * AUTO_HOLD: the head gets a PENDING_PAY booking directly; if it cannot (a clash), the seat moves
   * on.
   */
  private void autoHold(WaitlistEntry offered, Slot slot) {
    holds
        .hold(offered, slot, "system:auto-hold")
        .ifPresent(
            refusal ->
                waitlist.endOffer(
                    offered,
                    WaitlistStatus.EXPIRED,
                    Change.by(
                        "system:auto-hold", clock.instant(), "could not hold: " + refusal.code())));
  }

  /** sweep-offers: offers past their deadline expire and their seats go to the next in line. */
  public JobReport sweepOffers(int limit) {
    Instant now = clock.instant();
    var due = waitlist.dueOffers(now, limit);
    return JobLoop.run(
        "sweep-offers",
        due,
        due.size(),
        entry -> {
          if (!(waitlist.endOffer(
                  entry,
                  WaitlistStatus.EXPIRED,
                  new Change(now, "system:sweep-offers", "offer expired", Optional.of(now)))
              instanceof MoveResult.Moved)) {
            return 0;
          }
          fill(entry.slotId());
          return 1;
        });
  }

  /**
   * waitlist-fallback: events can be lost between commit and publish, so this finds every slot
   * still owing seats to its waitlist (a sparse index: only such slots) and fills it.
   */
  public JobReport fallback(int limit) {
    var slots = waitlist.slotsAwaitingOffers(limit);
    return JobLoop.run("waitlist-fallback", slots, slots.size(), this::fill);
  }

  /**
   * A SeatReleased event: fill its slot. Duplicates are remembered and skipped; a fill is
   * idempotent anyway.
   */
  /** Fills the slot's line from what was released; how many offers (or holds) it made. */
  public int onSeatReleased(String eventId, String slotId) {
    int offers = fill(slotId);
    waitlist.remember(eventId, clock.instant());
    return offers;
  }
}
