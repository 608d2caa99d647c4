package fairslot.handler;

/** Scheduled job sweep-holds: holds past their deadline become EXPIRED and their seats return. */
public final class SweepHoldsHandler extends JobHandler {
  /** Used by Lambda: wires the real adapters once per container. */
  public SweepHoldsHandler() {
    this(Wiring.fromEnvironment());
  }

  public SweepHoldsHandler(Wiring wiring) {
    super(() -> wiring.holdSweep().run(BATCH));
  }
}
