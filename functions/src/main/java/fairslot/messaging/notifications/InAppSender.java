package fairslot.messaging.notifications;

import fairslot.notification.app.NotificationSender;
import fairslot.notification.domain.Delivery;

/**
 * IN_APP: the delivery item is the message, read by the member through GET /me/notifications, so
 * there is nothing to hand to anyone and it is SENT at once.
 */
public final class InAppSender implements NotificationSender {
  @Override
  public void send(Delivery d) {
    // The outbox item is what the member reads.
  }
}
