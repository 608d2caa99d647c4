package fairslot.handler;

/**
 * Scheduled job stale-requests: requests QUEUED for minutes are sent again; after longer, decided
 * as throttled.
 */
public final class StaleRequestsHandler extends JobHandler {
  /** Used by Lambda: wires the real adapters once per container. */
  public StaleRequestsHandler() {
    this(Wiring.fromEnvironment());
  }

  public StaleRequestsHandler(Wiring wiring) {
    super(() -> wiring.queuedAdmission().staleRequests(BATCH));
  }
}
