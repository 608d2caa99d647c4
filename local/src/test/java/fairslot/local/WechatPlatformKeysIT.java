package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.kernel.Money;
import fairslot.local.wechatpay.FakeWechatPay;
import fairslot.messaging.wechatpay.WechatPay;
import fairslot.messaging.wechatpay.WechatPayConfig;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentStatus;
import fairslot.payment.app.NotificationVerdict;
import fairslot.payment.app.PaymentProvider.Payer;
import fairslot.payment.domain.PayerDescription;
import fairslot.shared.Json;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * WeChat Pay's platform keys as WeChat rotates them (API.md v1.3): on platform certificates,
 * fairslot downloads them and follows a rotation by itself; in public-key mode it trusts every key
 * of its secret, so with the old and the new key listed a rotation drops nothing, and with only the
 * old one (fairslot before) the new key's notifications are refused.
 */
class WechatPlatformKeysIT {
  private static final Clock CLOCK = Clock.systemUTC();
  private static final String NOTIFY = "http://127.0.0.1:9/payments/wechatpay/notify";

  /** An order made through fairslot's provider and paid at the fake: its payment. */
  private static Payment paidOrder(WechatPay wechat, FakeWechatPay fake) {
    String no = UUID.randomUUID().toString().replace("-", "");
    Payment p =
        new Payment(
            no,
            "b-" + no,
            "u1",
            new Money(8800, "CNY"),
            "wechatpay",
            PaymentStatus.PENDING,
            0,
            Instant.now());
    wechat
        .provider()
        .start(
            p,
            new Payer(
                "u1",
                p.amount(),
                () -> Optional.of("openid-1"),
                Optional.empty(),
                () -> PayerDescription.ofPass("Court hall", "10 sessions")));
    assertThat(fake.pay(no, false)).isTrue();
    return p;
  }

  /** The notification WeChat sends for the paid order, signed with the key it signs with now. */
  private static NotificationVerdict notified(WechatPay wechat, FakeWechatPay fake, Payment p) {
    String body = fake.notificationBodyFor(p.paymentNo()).orElseThrow();
    Map<String, String> headers = fake.headersSignedAt(body, Instant.now());
    return wechat.notifications().read(headers::get, body);
  }

  @Test
  void onCertificatesARotationIsFollowedForNotificationsAndAnswersAlike() {
    try (FakeWechatPay fake = FakeWechatPay.start(CLOCK, true)) {
      WechatPay wechat = WechatPay.of(fake.config(NOTIFY), CLOCK);
      Payment before = paidOrder(wechat, fake);
      assertThat(notified(wechat, fake, before)).isInstanceOf(NotificationVerdict.Reported.class);

      String serial = fake.rotatePlatformKey();
      Payment after = paidOrder(wechat, fake); // the answers are signed with the new key
      assertThat(notified(wechat, fake, after)).isInstanceOf(NotificationVerdict.Reported.class);
      assertThat(wechat.provider().query(after))
          .as("an answer signed with the new key")
          .isPresent();
      assertThat(serial).matches("[0-9A-F]+");
    }
  }

  @Test
  void inPublicKeyModeEveryKeyOfTheSecretIsTrustedSoARotationDropsNothing() throws Exception {
    try (FakeWechatPay fake = FakeWechatPay.start(CLOCK, false)) {
      Map<String, Object> secret = secret(fake);
      String oldId = fake.platformSerial();
      String oldPem = fake.platformPublicKeyPem();
      WechatPay oldOnly = WechatPay.of(WechatPayConfig.fromJson(Json.write(secret)), CLOCK);
      Payment first = paidOrder(oldOnly, fake);
      assertThat(notified(oldOnly, fake, first)).isInstanceOf(NotificationVerdict.Reported.class);

      fake.rotatePlatformKey();
      // the operator lists the new key beside the old one before WeChat switches
      secret.put(
          "platformPublicKeys",
          List.of(Map.of("id", fake.platformSerial(), "pem", fake.platformPublicKeyPem())));
      WechatPay both = WechatPay.of(WechatPayConfig.fromJson(Json.write(secret)), CLOCK);

      assertThat(notified(both, fake, first)).isInstanceOf(NotificationVerdict.Reported.class);
      assertThat(notified(oldOnly, fake, first))
          .as("with one key only, as before: refused")
          .isInstanceOf(NotificationVerdict.Refused.class);
      assertThat(both.provider().query(first)).isPresent();
      assertThat(oldId).isNotEqualTo(fake.platformSerial());
      assertThat(oldPem).isNotEqualTo(fake.platformPublicKeyPem());
    }
  }

  /** The merchant's secret as an operator writes it, in public-key mode with the fake's key. */
  private static Map<String, Object> secret(FakeWechatPay fake) {
    WechatPayConfig c = fake.config(NOTIFY);
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("mchId", c.mchId());
    s.put("appId", c.appId());
    s.put("merchantPrivateKey", c.merchantKey());
    s.put("merchantSerialNo", c.merchantSerial());
    s.put("apiV3Key", c.apiV3Key());
    s.put("platformPublicKeyId", fake.platformSerial());
    s.put("platformPublicKey", fake.platformPublicKeyPem());
    s.put("notifyUrl", NOTIFY);
    s.put("appSecret", c.appSecret());
    s.put("apiBase", c.apiBase().toString());
    s.put("loginBase", c.loginBase().toString());
    return s;
  }
}
