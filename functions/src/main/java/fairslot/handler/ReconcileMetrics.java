package fairslot.handler;

import fairslot.booking.app.Reconciliation;
import fairslot.shared.Metrics;

/**
 * What a reconcile run found, as metrics: slots and members checked, seat and member deviations.
 * The alarm watches the deviations; a deviation is only ever one that survived a recount.
 */
public final class ReconcileMetrics {
  private ReconcileMetrics() {}

  public static void record(Reconciliation.Result result) {
    Metrics.line()
        .count("ReconcileSlotsChecked", result.checked())
        .count("ReconcileMembersChecked", result.membersChecked())
        .count("ReconcileDeviations", result.deviations().size())
        .count("ReconcileMemberDeviations", result.members().size())
        .emit();
  }

  /** The daily job's totals. */
  public static void record(int checked, int seatDeviations, int memberDeviations) {
    Metrics.line()
        .count("ReconcileSlotsChecked", checked)
        .count("ReconcileDeviations", seatDeviations)
        .count("ReconcileMemberDeviations", memberDeviations)
        .emit();
  }
}
