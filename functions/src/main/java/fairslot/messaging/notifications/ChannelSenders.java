package fairslot.messaging.notifications;

import fairslot.member.domain.Channel;
import fairslot.notification.app.NotificationSender;
import fairslot.notification.domain.Delivery;
import java.util.EnumMap;
import java.util.Map;

/** The sender of each channel, behind the one port the send-notifications job uses. */
public final class ChannelSenders implements NotificationSender {
  private final Map<Channel, NotificationSender> byChannel = new EnumMap<>(Channel.class);

  public ChannelSenders(NotificationSender email, NotificationSender sms) {
    byChannel.put(Channel.EMAIL, email);
    byChannel.put(Channel.SMS, sms);
    byChannel.put(Channel.IN_APP, new InAppSender());
  }

  @Override
  public void send(Delivery d) {
    byChannel.get(d.channel()).send(d);
  }
}
