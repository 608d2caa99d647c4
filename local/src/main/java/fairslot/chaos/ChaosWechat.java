package fairslot.chaos;

import fairslot.local.stripe.FakeStripe;
import fairslot.local.wechatpay.FakeTemplates;
import fairslot.local.wechatpay.FakeWechatPay;
import fairslot.messaging.stripe.StripeConfig;
import fairslot.messaging.wechatpay.WechatPay;
import java.time.Clock;
import java.util.Map;

/**
 * The real providers in the chaos run: WeChat Pay's and Stripe's local fakes, their notifications
 * handed to the world's routes in-process (retried on 503 as the providers retry), and the settings
 * fairslot pays through.
 */
final class ChaosWechat implements AutoCloseable {
  final FakeWechatPay fake;
  final WechatPay wechatPay;
  final FakeStripe stripeFake;
  final StripeConfig stripe;

  ChaosWechat(Clock clock) {
    this.fake = FakeWechatPay.start(clock);
    this.wechatPay =
        WechatPay.of(
            fake.config("http://chaos.invalid/payments/wechatpay/notify")
                .withTemplates(FakeTemplates.ALL),
            clock);
    this.stripeFake = FakeStripe.start(clock);
    this.stripe = StripeConfig.fromSecret(stripeFake.secretJson()).orElseThrow();
  }

  void deliverTo(ChaosWorld world) {
    fake.notifyWith((headers, body) -> world.wechatNotify(headers, body).status());
    stripeFake.webhookWith(
        (signature, body) ->
            world
                .providerNotify(
                    "POST /payments/stripe/webhook", Map.of("Stripe-Signature", signature), body)
                .status());
  }

  @Override
  public void close() {
    fake.close();
    stripeFake.close();
  }
}
