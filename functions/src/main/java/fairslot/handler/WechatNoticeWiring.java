package fairslot.handler;

import fairslot.member.app.PlatformAccessTokens;
import fairslot.member.app.WechatIdentityStore;
import fairslot.member.app.WechatSubscriptions;
import fairslot.messaging.notifications.WithWechat;
import fairslot.messaging.wechatpay.WechatSubscribeSender;
import fairslot.notification.app.NotificationSender;
import java.time.Clock;

/** The notification channels, with WeChat's subscribe messages where WeChat is configured. */
final class WechatNoticeWiring {
  private WechatNoticeWiring() {}

  static NotificationSender sender(
      Adapters adapters,
      Stores stores,
      WechatSubscriptions subscriptions,
      WechatIdentityStore identities,
      Clock clock) {
    return adapters
        .wechatPay()
        .<NotificationSender>map(
            wp ->
                new WithWechat(
                    adapters.notifications(),
                    new WechatSubscribeSender(
                        wp.server(),
                        new PlatformAccessTokens(
                            stores.platformTokens(), wp.server(), wp.server().appId(), clock),
                        subscriptions,
                        identities,
                        clock)))
        .orElse(adapters.notifications());
  }
}
