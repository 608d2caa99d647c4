package fairslot.chaos;

import fairslot.local.wechatpay.FakeWechatPay;
import fairslot.messaging.wechatpay.WechatPay;
import java.time.Clock;

/**
 * WeChat Pay in the chaos run: the local fake, its notifications handed to the world's notify route
 * in-process (retried on 503 as WeChat retries), and the adapter fairslot pays through.
 */
final class ChaosWechat implements AutoCloseable {
  final FakeWechatPay fake;
  final WechatPay wechatPay;

  ChaosWechat(Clock clock) {
    this.fake = FakeWechatPay.start(clock);
    this.wechatPay =
        WechatPay.of(fake.config("http://chaos.invalid/payments/wechatpay/notify"), clock);
  }

  void deliverTo(ChaosWorld world) {
    fake.notifyWith((headers, body) -> world.wechatNotify(headers, body).status());
  }

  @Override
  public void close() {
    fake.close();
  }
}
