package fairslot.messaging.notifications;

import fairslot.member.domain.Channel;
import fairslot.notification.app.NotificationSender;
import fairslot.notification.domain.Delivery;

/** The deployment's channels, with WeChat's subscribe messages beside them. */
public final class WithWechat implements NotificationSender {
  private final NotificationSender channels;
  private final NotificationSender wechat;

  public WithWechat(NotificationSender channels, NotificationSender wechat) {
    this.channels = channels;
    this.wechat = wechat;
  }

  @Override
  public void send(Delivery d) {
    (d.channel() == Channel.WECHAT ? wechat : channels).send(d);
  }

  @Override
  public SendOutcome deliver(Delivery d) {
    return (d.channel() == Channel.WECHAT ? wechat : channels).deliver(d);
  }
}
