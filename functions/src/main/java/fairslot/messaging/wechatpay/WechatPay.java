package fairslot.messaging.wechatpay;

import java.time.Clock;

/** WeChat Pay for one merchant and mini-program: the provider, its notifications, its login. */
public record WechatPay(
    WechatPayProvider provider, WechatPayNotifications notifications, WechatCodeExchange login) {

  public static WechatPay of(WechatPayConfig config, Clock clock) {
    return new WechatPay(
        new WechatPayProvider(config, clock),
        new WechatPayNotifications(config, clock),
        new WechatCodeExchange(config));
  }
}
