package fairslot.pass.app;

import fairslot.kernel.Change;
import fairslot.kernel.JobLoop;
import fairslot.kernel.JobReport;
import java.time.Clock;
import java.time.Instant;

/**
 * The expire-passes job: ACTIVE passes past their validity become EXPIRED, read through a sparse
 * index of exactly those. Readers already see an overdue pass as EXPIRED, and the booking
 * transaction's validity condition refuses it; the job writes down what they see.
 */
public final class PassExpiry {
  private final PassStore passes;
  private final Clock clock;

  public PassExpiry(PassStore passes, Clock clock) {
    this.passes = passes;
    this.clock = clock;
  }

  public JobReport run(int limit) {
    Instant now = clock.instant();
    PassStore.DuePasses due = passes.duePasses(now, limit);
    return JobLoop.run(
        "expire-passes",
        due.passes(),
        due.itemsRead(),
        p ->
            JobLoop.one(
                passes.expire(p, Change.by("system:expire-passes", now, "validity ended"))));
  }
}
