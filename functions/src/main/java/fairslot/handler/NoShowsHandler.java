package fairslot.handler;

/** Scheduled job no-shows: PAID bookings of ended slots become NO_SHOW. */
public final class NoShowsHandler extends JobHandler {
  /** Used by Lambda: wires the real adapters once per container. */
  public NoShowsHandler() {
    this(Wiring.fromEnvironment());
  }

  public NoShowsHandler(Wiring wiring) {
    super(() -> wiring.noShows().run(BATCH));
  }
}
