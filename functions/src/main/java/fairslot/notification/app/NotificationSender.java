package fairslot.notification.app;

import fairslot.notification.domain.Delivery;

/**
 * Port: hands one delivery to its channel (SES e-mail, SNS SMS, the member's in-app list). Throws
 * when the channel refused it or could not be reached; the job backs off and, in the end, parks it.
 */
@FunctionalInterface
public interface NotificationSender {
  void send(Delivery delivery);

  /**
   * One try, as a result: sent, or this channel cannot take it (a subscribe message with no send
   * left, or refused) and the notice is to go by its fall-back. A failure to retry still throws.
   */
  default SendOutcome deliver(Delivery delivery) {
    send(delivery);
    return new SendOutcome.Sent();
  }

  /** What one try came to. */
  sealed interface SendOutcome {
    record Sent() implements SendOutcome {}

    /** The channel cannot take it, for {@code why}: the notice goes by its fall-back. */
    record FallBack(String why) implements SendOutcome {}
  }
}
