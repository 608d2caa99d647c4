package fairslot.catalog.app;

import fairslot.catalog.app.CatalogStore.MinimumDecided;
import fairslot.catalog.domain.SlotStatus;
import fairslot.kernel.Change;
import fairslot.kernel.JobLoop;
import fairslot.kernel.JobReport;
import fairslot.kernel.Outcome;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * The decide-minimums job: each slot whose minimum-participants decision is due is confirmed or,
 * with too few seats taken, cancelled for everyone through the slot-cancel flow (refunds, credits
 * back, SLOT_CANCELLED with reason UNDER_MINIMUM). The decision is one conditional write, so two
 * runs at once decide a slot once; a cancel cut off after the decision is finished by the next run
 * of finish-cancels (the decision marks the slot for it).
 */
public final class MinimumDecisions {
  public static final String ACTOR = "system:decide-minimums";

  private final CatalogStore catalog;
  private final SlotCanceller cancellation;
  private final Clock clock;

  public MinimumDecisions(CatalogStore catalog, SlotCanceller cancellation, Clock clock) {
    this.catalog = catalog;
    this.cancellation = cancellation;
    this.clock = clock;
  }

  public JobReport decideDue(int limit) {
    List<String> due = catalog.minimumsDue(clock.instant(), limit);
    return JobLoop.run("decide-minimums", due, due.size(), slotId -> JobLoop.one(decide(slotId)));
  }

  /** Whether this call decided the slot (false: decided before, gone, or still contended). */
  public boolean decide(String slotId) {
    Change change = Change.by(ACTOR, clock.instant(), "minimum participants decided");
    Optional<MinimumDecided> decided = catalog.decideMinimum(slotId, change);
    if (decided.isEmpty()) {
      return false;
    }
    if (decided.get().decidedNow() && decided.get().slot().status() == SlotStatus.CANCELLED) {
      // The slot is CANCELLED already; this releases its bookings, offers and waiting entries.
      return cancellation.cancel(ACTOR, slotId) instanceof Outcome.Done<?>;
    }
    return decided.get().decidedNow();
  }
}
