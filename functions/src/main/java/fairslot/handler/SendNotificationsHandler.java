package fairslot.handler;

/**
 * Scheduled job send-notifications: reminders that came due become notices, then every notice
 * becomes its deliveries and each delivery is sent (SES, SNS), with backoff, then parked. The only
 * function granted SES and SNS.
 */
public final class SendNotificationsHandler extends JobHandler {
  /** Used by Lambda: wires the real adapters once per container. */
  public SendNotificationsHandler() {
    this(Wiring.fromEnvironment());
  }

  public SendNotificationsHandler(Wiring wiring) {
    super(
        () -> {
          var report =
              wiring
                  .reminders()
                  .remindDue(BATCH)
                  .then("send-notifications", wiring.notifications().sendDue(BATCH));
          // The parked backlog, each minute: the alarm asks for a person when it is not zero.
          fairslot.shared.Metrics.line()
              .count("NotificationsParked", wiring.parkedNotifications())
              .emit();
          return report;
        });
  }
}
