package fairslot.handler;

import fairslot.kernel.JobReport;
import fairslot.shared.Log;
import fairslot.shared.Metrics;
import java.time.Duration;
import java.util.Map;

/**
 * The daily reconcile: checks capacity == remaining + held + offered for every slot, page by page,
 * and the upcoming counters and pack credits of the members booked on them, and logs each deviation
 * with its parts. It never repairs: that is an admin's explicit, audited {@code POST
 * /admin/reconcile} with {@code "repair": true}.
 */
final class ReconcileJob {
  static final int PAGE = 100;

  private ReconcileJob() {}

  static JobReport run(Wiring wiring) {
    int[] seats = {0};
    int[] members = {0};
    JobReport report =
        wiring
            .booking()
            .reconciliation()
            .checkEverySlot(
                PAGE,
                d -> {
                  seats[0]++;
                  Log.error(
                      "seat ledger deviation",
                      Map.of(
                          "slotId",
                          d.count().slotId(),
                          "capacity",
                          d.count().capacity(),
                          "remaining",
                          d.count().remaining(),
                          "held",
                          d.count().held(),
                          "offered",
                          d.count().offered()));
                },
                m -> {
                  members[0]++;
                  Log.error(
                      "member ledger deviation",
                      Map.of(
                          "userId",
                          m.userId(),
                          "counters",
                          m.counterDeviations().toString(),
                          "credits",
                          m.creditDeviations().toString()));
                },
                slotId -> {
                  seats[0]++;
                  Log.error("shared space sold twice", Map.of("slotId", slotId));
                });
    ReconcileMetrics.record(report.due(), seats[0], members[0]);
    // Once a day, with the ledgers: what finance has left open too long.
    Metrics.line()
        .count("FinanceExceptionsOpenOverADay", wiring.finance().openLongerThan(Duration.ofDays(1)))
        .emit();
    return report;
  }
}
