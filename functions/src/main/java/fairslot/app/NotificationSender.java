package fairslot.app;

import fairslot.domain.Notification;

/** Port: delivers a notification (push, SMS, e-mail). Throws when delivery failed. */
@FunctionalInterface
public interface NotificationSender {
  void send(Notification notification);
}
