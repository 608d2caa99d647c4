package fairslot.messaging.notifications;

import fairslot.app.NotificationSender;

/**
 * The deployed default until a real channel is plugged in: notifications go to the function's log.
 */
public final class LoggingNotificationSender implements NotificationSender {
  @Override
  public void send(fairslot.domain.Notification n) {
    fairslot.shared.Log.warn(
        "notification",
        java.util.Map.of(
            "userId", n.userId(), "slotId", n.slotId(), "kind", n.kind().name(), "ref", n.ref()));
  }
}
