package fairslot.messaging.wechatpay;

import com.fasterxml.jackson.databind.JsonNode;
import com.wechat.pay.java.core.cipher.AeadAesCipher;
import fairslot.kernel.Money;
import fairslot.money.domain.PaymentCallback;
import fairslot.payment.app.NotificationVerdict;
import fairslot.payment.domain.ProviderReport;
import fairslot.shared.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reads a notification WeChat Pay sent to {@code /payments/wechatpay/notify}, verifying before it
 * reads: a {@code WECHATPAY/SIGNTEST/} probe fails; the timestamp is within five minutes (the SDK's
 * parser does not check it); the serial names a platform key fairslot trusts ({@link PlatformKeys}:
 * several, so a rotation drops nothing); SHA256withRSA over {@code timestamp\nnonce\nbody\n}; then
 * AEAD_AES_256_GCM decryption of the resource with the APIv3 key; then mchid and appid.
 */
public final class WechatPayNotifications {
  public static final Duration FRESHNESS = Duration.ofMinutes(5);
  static final String PROBE = "WECHATPAY/SIGNTEST/";

  private final WechatPayConfig config;
  private final Clock clock;
  private final PlatformKeys keys;
  private final AeadAesCipher cipher;

  WechatPayNotifications(WechatPayConfig config, Clock clock, PlatformKeys keys) {
    this.config = config;
    this.clock = clock;
    this.keys = keys;
    this.cipher = new AeadAesCipher(config.apiV3Key().getBytes(StandardCharsets.UTF_8));
  }

  /** {@code header} looks a header up by name, in any case. */
  public NotificationVerdict read(Function<String, String> header, String body) {
    String timestamp = header.apply("Wechatpay-Timestamp");
    String nonce = header.apply("Wechatpay-Nonce");
    String signature = header.apply("Wechatpay-Signature");
    String serial = header.apply("Wechatpay-Serial");
    if (timestamp == null || nonce == null || signature == null || serial == null || body == null) {
      return new NotificationVerdict.Refused("missing Wechatpay-* headers");
    }
    if (signature.startsWith(PROBE)) {
      return new NotificationVerdict.Refused("a signature probe");
    }
    Instant at;
    try {
      at = Instant.ofEpochSecond(Long.parseLong(timestamp));
    } catch (NumberFormatException | DateTimeException e) {
      return new NotificationVerdict.Refused("a malformed timestamp");
    }
    if (Duration.between(at, clock.instant()).abs().compareTo(FRESHNESS) > 0) {
      return new NotificationVerdict.Refused("a stale timestamp");
    }
    // after the freshness check: a stale forgery never makes fairslot download certificates
    var key = keys.key(serial);
    if (key.isEmpty()) {
      return new NotificationVerdict.Refused("signed with an unknown key " + serial);
    }
    if (!PlatformKeys.verify(key.get(), timestamp + "\n" + nonce + "\n" + body + "\n", signature)) {
      return new NotificationVerdict.Refused("the signature does not verify");
    }
    return decrypted(body);
  }

  private NotificationVerdict decrypted(String body) {
    JsonNode envelope;
    String plain;
    try {
      envelope = Json.mapper().readTree(body);
      JsonNode resource = envelope.path("resource");
      plain =
          cipher.decrypt(
              resource.path("associated_data").asText("").getBytes(StandardCharsets.UTF_8),
              resource.path("nonce").asText().getBytes(StandardCharsets.UTF_8),
              Base64.getDecoder().decode(resource.path("ciphertext").asText()));
    } catch (IOException | RuntimeException e) {
      // Signed by WeChat but unreadable with our key: refused, so WeChat retries and we alarm.
      return new NotificationVerdict.Refused("the resource does not decrypt with the APIv3 key");
    }
    String eventType = envelope.path("event_type").asText();
    JsonNode r;
    try {
      r = Json.mapper().readTree(plain);
    } catch (IOException e) {
      return new NotificationVerdict.Refused("the resource is not JSON");
    }
    return eventType.startsWith("REFUND.") ? refund(r) : transaction(r);
  }

  private NotificationVerdict transaction(JsonNode t) {
    String state = t.path("trade_state").asText();
    Optional<PaymentCallback.Outcome> outcome = WechatPayNotices.outcomeOfTrade(state);
    if (outcome.isEmpty()) {
      return new NotificationVerdict.Ignored("TRANSACTION " + state);
    }
    String outTradeNo = t.path("out_trade_no").asText();
    long total = t.path("amount").path("total").asLong();
    String mchId = t.path("mchid").asText();
    String appId = t.path("appid").asText();
    Map<String, Object> kept =
        WechatPayNotices.summary("notification", outTradeNo, state, total, mchId, appId);
    // a merchant coupon: the order's total is what was bought; the payer paid less (kept)
    long payerTotal = t.path("amount").path("payer_total").asLong(total);
    if (payerTotal < total) {
      kept.put("payerTotalMinor", payerTotal);
      kept.put("couponMinor", total - payerTotal);
    }
    ProviderReport report =
        new ProviderReport(
            WechatPayNotices.paymentEventId(outTradeNo, state),
            outTradeNo,
            new Money(total, t.path("amount").path("currency").asText(WechatPayProvider.CNY)),
            outcome.get(),
            Json.write(kept));
    if (!mchId.equals(config.mchId()) || !appId.equals(config.appId())) {
      return new NotificationVerdict.Foreign(report, "mchid " + mchId + " / appid " + appId);
    }
    return new NotificationVerdict.Reported(report);
  }

  private NotificationVerdict refund(JsonNode r) {
    String status = r.path("refund_status").asText();
    Optional<PaymentCallback.Outcome> outcome = WechatPayNotices.outcomeOfRefund(status);
    if (outcome.isEmpty()) {
      return new NotificationVerdict.Ignored("REFUND " + status);
    }
    String outRefundNo = r.path("out_refund_no").asText();
    long refunded = r.path("amount").path("refund").asLong();
    ProviderReport report =
        ProviderReport.ofRefund(
            WechatPayNotices.refundEventId(outRefundNo, status),
            r.path("out_trade_no").asText(),
            outRefundNo,
            new Money(refunded, WechatPayProvider.CNY),
            outcome.get(),
            Json.write(
                WechatPayNotices.summary(
                    "refund-notification",
                    outRefundNo,
                    status,
                    refunded,
                    r.path("mchid").asText(),
                    null)));
    return r.path("mchid").asText().equals(config.mchId())
        ? new NotificationVerdict.Reported(report)
        : new NotificationVerdict.Foreign(report, "mchid " + r.path("mchid").asText());
  }
}
