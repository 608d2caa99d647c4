package fairslot.handler;

/**
 * Scheduled job waitlist-fallback: slots still owing seats to their waitlist (a lost event) are
 * filled.
 */
public final class WaitlistFallbackHandler extends JobHandler {
  /** Used by Lambda: wires the real adapters once per container. */
  public WaitlistFallbackHandler() {
    this(Wiring.fromEnvironment());
  }

  public WaitlistFallbackHandler(Wiring wiring) {
    super(() -> wiring.waitlist().fallback(BATCH));
  }
}
