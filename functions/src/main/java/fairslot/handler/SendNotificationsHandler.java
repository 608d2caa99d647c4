package fairslot.handler;

/** Scheduled job send-notifications: outbox records are delivered with backoff, then parked. */
public final class SendNotificationsHandler extends JobHandler {
  /** Used by Lambda: wires the real adapters once per container. */
  public SendNotificationsHandler() {
    this(Wiring.fromEnvironment());
  }

  public SendNotificationsHandler(Wiring wiring) {
    super(() -> wiring.notifications().sendDue(BATCH));
  }
}
