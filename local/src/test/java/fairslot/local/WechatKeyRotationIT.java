package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.local.LocalClient.Reply;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /_local/wechatpay/platform-keys:rotate} on a local runtime whose merchant is on
 * platform certificates (API.md v1.3): WeChat signs with a new key from then on, and the next
 * notification still settles its booking, because fairslot downloads the new certificate itself.
 */
class WechatKeyRotationIT {
  private static LocalRuntime runtime;
  private static LocalClient api;

  @BeforeAll
  static void start() throws Exception {
    System.setProperty("fairslot.wechat.platform", "certificate");
    try {
      runtime = LocalClient.startOn("wechat-rotation-it", new MovableClock(Instant.now()));
    } finally {
      System.clearProperty("fairslot.wechat.platform");
    }
    api = new LocalClient(runtime);
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  @Test
  void aNotificationSignedWithTheRotatedKeySettlesItsBooking() throws Exception {
    String member = api.token("wx-rotation", "customer");
    String[] before = api.wechatOrder(member, "login-rotation-1");
    api.call("POST", "/_local/wechatpay/transactions/" + before[1] + "/pay", null, "{}");
    assertThat(api.status(member, before[0])).isEqualTo("PAID");
    String oldSerial =
        api.call("GET", "/_local/providers", null, null)
            .json()
            .path("wechatpay")
            .path("platformSerial")
            .asText();

    Reply rotated = api.call("POST", "/_local/wechatpay/platform-keys:rotate", null, "{}");
    assertThat(rotated.status()).isEqualTo(200);
    String serial = rotated.json().path("serial").asText();
    assertThat(serial).isNotEqualTo(oldSerial).matches("[0-9A-F]+");

    String[] after = api.wechatOrder(member, "login-rotation-2");
    api.call("POST", "/_local/wechatpay/transactions/" + after[1] + "/pay", null, "{}");
    assertThat(api.status(member, after[0])).isEqualTo("PAID");
    Map<String, Object> last =
        runtime.wechatPay().notifications().get(runtime.wechatPay().notifications().size() - 1);
    assertThat(((Map<?, ?>) last.get("headers")).get("Wechatpay-Serial")).isEqualTo(serial);
    assertThat(last.get("answered")).as("accepted by the notify route").isEqualTo(204);
  }
}
