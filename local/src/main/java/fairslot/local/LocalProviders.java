package fairslot.local;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import fairslot.local.stripe.FakeStripe;
import fairslot.local.stripe.StripeControls;
import fairslot.local.wechatpay.FakeTemplates;
import fairslot.local.wechatpay.FakeWechatPay;
import fairslot.local.wechatpay.WechatControls;
import fairslot.local.wechatpay.WechatMemberControls;
import fairslot.messaging.stripe.StripeConfig;
import fairslot.messaging.wechatpay.WechatPay;
import fairslot.messaging.wechatpay.WechatPayConfig;
import fairslot.shared.Json;
import java.net.URI;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
  private final WechatPayConfig wechatConfig;
  final StripeConfig stripe;

  /**
   * {@code FAIRSLOT_WECHAT_PLATFORM=certificate} (or the system property {@code
   * fairslot.wechat.platform}, for tests): the fake merchant is on platform certificates, which
   * fairslot downloads; else public-key mode.
   */
  static boolean certificates() {
    String mode = System.getenv("FAIRSLOT_WECHAT_PLATFORM");
    if (mode == null) {
      mode = System.getProperty("fairslot.wechat.platform", "public-key");
    }
    return mode.equals("certificate");
  }

  LocalProviders(Clock clock, int port) {
    this.wechatFake = FakeWechatPay.start(clock, certificates());
    this.stripeFake = FakeStripe.start(clock);
    this.wechatConfig =
        wechatFake
            .config("http://127.0.0.1:" + port + "/payments/wechatpay/notify")
            .withTemplates(FakeTemplates.ALL);
    this.wechatPay = WechatPay.of(wechatConfig, clock);
    this.stripe = StripeConfig.fromSecret(stripeFake.secretJson()).orElseThrow();
  }

  Optional<WechatPay> wechatPay() {
    return Optional.of(wechatPay);
  }

  Optional<StripeConfig> stripe() {
    return Optional.of(stripe);
  }

  List<LocalControls> controls() {
    return List.of(
        new WechatControls(wechatFake),
        new WechatMemberControls(wechatFake),
        new StripeControls(stripeFake),
        this::providers);
  }

  /**
   * {@code GET /_local/providers} (API.md v1.3): where the fakes listen and their test keys, made
   * at start-up, so the providers' own SDKs can be pointed at them (the conformance checks).
   */
  private Optional<LocalControls.Reply> providers(String method, String path, String body) {
    if (!method.equals("GET") || !path.equals("/_local/providers")) {
      return Optional.empty();
    }
    Map<String, Object> wechat = new LinkedHashMap<>();
    wechat.put("apiBase", wechatConfig.apiBase().toString());
    wechat.put("mchid", wechatConfig.mchId());
    wechat.put("appid", wechatConfig.appId());
    wechat.put("apiV3Key", wechatConfig.apiV3Key());
    wechat.put("platformSerial", wechatFake.platformSerial());
    wechat.put("platformPublicKeyPem", wechatFake.platformPublicKeyPem());
    // the fake's own test key, so WeChat's SDKs can build notifications as WeChat signs them
    wechat.put("platformPrivateKeyPem", wechatFake.platformPrivateKeyPem());
    wechat.put("merchantSerial", wechatConfig.merchantSerial());
    wechat.put("merchantPrivateKeyPem", wechatConfig.merchantKey());
    Map<String, Object> all = new LinkedHashMap<>();
    all.put("stripe", Json.mapper().convertValue(readTree(stripeFake.secretJson()), Map.class));
    all.put("wechatpay", wechat);
    return Optional.of(new LocalControls.Reply(200, Json.write(all)));
  }

  private static JsonNode readTree(String json) {
    try {
      return Json.read(json);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
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
