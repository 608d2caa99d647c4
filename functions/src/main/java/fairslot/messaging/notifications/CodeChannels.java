package fairslot.messaging.notifications;

import fairslot.kernel.MessageText;
import fairslot.member.app.ContactCodeSender;
import fairslot.member.domain.Channel;

/** Verification codes by SES e-mail and SNS SMS, the same senders notifications use. */
public final class CodeChannels implements ContactCodeSender {
  private final SesEmailSender email;
  private final SnsSmsSender sms;

  public CodeChannels(SesEmailSender email, SnsSmsSender sms) {
    this.email = email;
    this.sms = sms;
  }

  @Override
  public void send(Channel channel, String address, MessageText text) {
    switch (channel) {
      case EMAIL -> email.send(address, text);
      case SMS -> sms.send(address, text.body());
      case IN_APP -> throw new IllegalArgumentException("codes go by SMS or e-mail");
    }
  }
}
