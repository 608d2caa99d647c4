package fairslot.messaging.notifications;

import fairslot.aws.Lazily;
import fairslot.notification.app.NotificationSender;
import fairslot.notification.domain.Delivery;
import java.util.Map;
import java.util.function.Supplier;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sns.model.MessageAttributeValue;

/**
 * SMS through Amazon SNS Publish to a phone number, as a Transactional message (delivered ahead of
 * promotional ones, and past most quiet hours). The text is the message's body alone.
 */
public final class SnsSmsSender implements NotificationSender {
  private final Supplier<SnsClient> sns;

  public SnsSmsSender(Supplier<SnsClient> sns) {
    this.sns = Lazily.of(sns);
  }

  @Override
  public void send(Delivery d) {
    send(d.address(), d.message().body());
  }

  /** One SMS to {@code phone}: {@code body} alone. */
  public void send(String phone, String body) {
    sns.get()
        .publish(
            r ->
                r.phoneNumber(phone)
                    .message(body)
                    .messageAttributes(
                        Map.of(
                            "AWS.SNS.SMS.SMSType",
                            MessageAttributeValue.builder()
                                .dataType("String")
                                .stringValue("Transactional")
                                .build())));
  }
}
