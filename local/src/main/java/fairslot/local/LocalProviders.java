package fairslot.local;

import fairslot.local.stripe.FakeStripe;
import fairslot.local.stripe.StripeControls;
import fairslot.local.wechatpay.FakeWechatPay;
import fairslot.local.wechatpay.WechatControls;
import fairslot.messaging.stripe.StripeConfig;
import fairslot.messaging.wechatpay.WechatPay;
import java.net.URI;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * The real providers' local fakes (WeChat Pay, Stripe), with test keys made at start-up, the
 * settings fairslot reads for them (as from their secrets), and their {@code /_local} controls.
 * Their notifications go to this runtime's own notify routes once it listens.
 */
final class LocalProviders implements AutoCloseable {
  final FakeWechatPay wechatFake;
  final FakeStripe stripeFake;
  final WechatPay wechatPay;
  final StripeConfig stripe;

  LocalProviders(Clock clock, int port) {
    this.wechatFake = FakeWechatPay.start(clock);
    this.stripeFake = FakeStripe.start(clock);
    this.wechatPay =
        WechatPay.of(
            wechatFake.config("http://127.0.0.1:" + port + "/payments/wechatpay/notify"), clock);
    this.stripe = StripeConfig.fromSecret(stripeFake.secretJson()).orElseThrow();
  }

  Optional<WechatPay> wechatPay() {
    return Optional.of(wechatPay);
  }

  Optional<StripeConfig> stripe() {
    return Optional.of(stripe);
  }

  List<LocalControls> controls() {
    return List.of(new WechatControls(wechatFake), new StripeControls(stripeFake));
  }

  /** The runtime listens on {@code port}: the fakes notify it there. */
  void listening(int port) {
    wechatFake.notifyTo(URI.create("http://127.0.0.1:" + port + "/payments/wechatpay/notify"));
    stripeFake.webhookTo(URI.create("http://127.0.0.1:" + port + "/payments/stripe/webhook"));
  }

  @Override
  public void close() {
    wechatFake.close();
    stripeFake.close();
  }
}
