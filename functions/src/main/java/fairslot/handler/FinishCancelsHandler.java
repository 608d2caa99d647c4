package fairslot.handler;

import java.time.Duration;

/**
 * Scheduled job finish-cancels: a slot cancel whose request was cut off (a timeout with hundreds of
 * bookings, say) and not retried is run again after a minute, which resumes it where it stopped.
 */
public final class FinishCancelsHandler extends JobHandler {
  /** Used by Lambda: wires the real adapters once per container. */
  public FinishCancelsHandler() {
    this(Wiring.fromEnvironment());
  }

  public FinishCancelsHandler(Wiring wiring) {
    super(() -> wiring.slotCancellation().finishInterrupted(Duration.ofMinutes(1), 20));
  }
}
