package fairslot.messaging.wechatpay;

import fairslot.member.app.WechatLogin;
import fairslot.notification.domain.SubscribeTemplates;
import java.time.Clock;
import java.util.Optional;

/**
 * WeChat Pay for one merchant and mini-program: the provider, its notifications, its login, and the
 * mini-program's server API with its subscribe-message templates.
 */
public record WechatPay(
    WechatPayProvider provider,
    WechatPayNotifications notifications,
    WechatServerApi server,
    SubscribeTemplates templates) {

  /** code2Session, on the server API. */
  public WechatLogin login() {
    return server;
  }

  public static WechatPay of(WechatPayConfig config, Clock clock) {
    Merchant merchant = Merchant.of(config);
    PlatformKeys keys =
        new PlatformKeys(
            config.platformKeys(),
            config.certificates()
                ? Optional.<PlatformKeys.Source>of(
                    new PlatformCertificates(
                        config.apiBase(), merchant.credential(), config.apiV3Key(), clock))
                : Optional.empty(),
            clock);
    return new WechatPay(
        new WechatPayProvider(config, clock, merchant, keys),
        new WechatPayNotifications(config, clock, keys),
        new WechatServerApi(config, clock),
        config.templates());
  }
}
