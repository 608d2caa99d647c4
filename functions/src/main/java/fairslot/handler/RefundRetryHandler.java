package fairslot.handler;

/** Scheduled job refund-retry: owed refunds are (re)tried with backoff, then handed to staff. */
public final class RefundRetryHandler extends JobHandler {
  /** Used by Lambda: wires the real adapters once per container. */
  public RefundRetryHandler() {
    this(Wiring.fromEnvironment());
  }

  public RefundRetryHandler(Wiring wiring) {
    super(() -> wiring.refunds().retryDue(BATCH));
  }
}
