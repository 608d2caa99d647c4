package fairslot.notification.app;

import fairslot.notification.domain.Delivery;

/**
 * Port: hands one delivery to its channel (SES e-mail, SNS SMS, the member's in-app list). Throws
 * when the channel refused it or could not be reached; the job backs off and, in the end, parks it.
 */
@FunctionalInterface
public interface NotificationSender {
  void send(Delivery delivery);
}
