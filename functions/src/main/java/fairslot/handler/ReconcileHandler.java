package fairslot.handler;

import fairslot.shared.Log;
import java.util.Map;

/**
 * Scheduled job reconcile (daily): checks capacity == remaining + held + offered for every slot,
 * page by page, and the upcoming counters and pack credits of the members booked on them, and logs
 * each deviation with its parts. It never repairs: that is an admin's explicit, audited {@code POST
 * /admin/reconcile} with {@code "repair": true}.
 */
public final class ReconcileHandler extends JobHandler {
  static final int PAGE = 100;

  /** Used by Lambda: wires the real adapters once per container. */
  public ReconcileHandler() {
    this(Wiring.fromEnvironment());
  }

  public ReconcileHandler(Wiring wiring) {
    super(
        () ->
            wiring
                .reconciliation()
                .checkEverySlot(
                    PAGE,
                    d ->
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
                                d.count().offered())),
                    m ->
                        Log.error(
                            "member ledger deviation",
                            Map.of(
                                "userId",
                                m.userId(),
                                "counters",
                                m.counterDeviations().toString(),
                                "credits",
                                m.creditDeviations().toString()))));
  }
}
