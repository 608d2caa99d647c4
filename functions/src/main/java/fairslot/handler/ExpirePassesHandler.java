package fairslot.handler;

/** Scheduled job expire-passes: ACTIVE passes past their validity become EXPIRED. */
public final class ExpirePassesHandler extends JobHandler {
  /** Used by Lambda: wires the real adapters once per container. */
  public ExpirePassesHandler() {
    this(Wiring.fromEnvironment());
  }

  public ExpirePassesHandler(Wiring wiring) {
    super(() -> wiring.passExpiry().run(BATCH));
  }
}
