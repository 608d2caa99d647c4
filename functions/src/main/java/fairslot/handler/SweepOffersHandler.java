package fairslot.handler;

/**
 * Scheduled job sweep-offers: offers past their deadline expire and the seat goes to the next in
 * line.
 */
public final class SweepOffersHandler extends JobHandler {
  /** Used by Lambda: wires the real adapters once per container. */
  public SweepOffersHandler() {
    this(Wiring.fromEnvironment());
  }

  public SweepOffersHandler(Wiring wiring) {
    super(() -> wiring.waitlist().sweepOffers(BATCH));
  }
}
