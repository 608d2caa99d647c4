package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.local.LocalClient.Reply;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * WeChat Pay's refund errors as WeChat answers them (API.md v1.3), through the fake's {@code
 * refunds:fail-next}: a short merchant balance ({@code NOT_ENOUGH}) is asked again under the same
 * out_refund_no for as long as it lasts, past the attempts a failing refund gets; a request no
 * retry can mend ({@code PARAM_ERROR}) goes to finance at once, with the code.
 */
class WechatRefundErrorsIT {
  private static final MovableClock CLOCK = new MovableClock(Instant.now());
  private static LocalRuntime runtime;
  private static LocalClient api;

  @BeforeAll
  static void start() throws Exception {
    runtime = LocalClient.startOn("wechat-refund-errors-it", CLOCK);
    api = new LocalClient(runtime);
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  /** A member's booking paid with WeChat Pay, then cancelled: the booking and its payment. */
  private static String[] cancelledAfterPaying(String member, String code) throws Exception {
    String[] order = api.wechatOrder(member, code);
    api.call("POST", "/_local/wechatpay/transactions/" + order[1] + "/pay", null, "{}");
    assertThat(api.status(member, order[0])).isEqualTo("PAID");
    Reply cancelled = api.call("POST", "/bookings/" + order[0] + "/cancel", member, null);
    assertThat(cancelled.status()).isEqualTo(200);
    return order;
  }

  private static void failNext(String code, int times) throws Exception {
    for (int i = 0; i < times; i++) {
      Reply told =
          api.call(
              "POST", "/_local/wechatpay/refunds:fail-next", null, "{\"code\":\"" + code + "\"}");
      assertThat(told.status()).isEqualTo(200);
    }
  }

  @Test
  void aShortBalanceIsAskedAgainUnderTheSameNumberUntilTheRefundGoesThrough() throws Exception {
    // the cancel's attempt and seven more: more than a refund that fails is given
    failNext("NOT_ENOUGH", 8);
    String member = api.token("wx-short", "customer");
    String[] order = cancelledAfterPaying(member, "login-short");
    for (int i = 0; i < 7; i++) {
      CLOCK.advance(Duration.ofHours(1));
      api.run("refund-retry");
    }
    assertThat(runtime.wechatPay().refundsOf(order[1]))
        .as("refused: WeChat holds no refund yet")
        .isZero();
    assertThat(api.status(member, order[0])).isEqualTo("REFUNDING");

    CLOCK.advance(Duration.ofHours(1));
    api.run("refund-retry"); // the balance was topped up
    assertThat(runtime.wechatPay().refundStatus("R" + order[1])).contains("PROCESSING");
    api.call(
        "POST",
        "/_local/wechatpay/refunds/R" + order[1] + "/finish",
        null,
        "{\"status\":\"SUCCESS\",\"notify\":true}");
    assertThat(api.status(member, order[0])).isEqualTo("REFUNDED");
    assertThat(runtime.wechatPay().refundsOf(order[1])).isEqualTo(1);
  }

  @Test
  void aRequestNoRetryCanMendIsRefundFailedAtOnceWithTheCode() throws Exception {
    failNext("PARAM_ERROR", 1);
    String member = api.token("wx-param", "customer");
    String[] order = cancelledAfterPaying(member, "login-param");

    assertThat(api.status(member, order[0])).isEqualTo("REFUND_FAILED");
    JsonNode failed = null;
    for (JsonNode e : api.financeExceptionItems()) {
      if (e.path("bookingId").asText().equals(order[0])) {
        failed = e;
      }
    }
    assertThat(failed).isNotNull();
    assertThat(failed.path("kind").asText()).isEqualTo("REFUND_FAILED");
    assertThat(failed.path("providerCode").asText()).isEqualTo("PARAM_ERROR");
  }

  @Test
  void theControlRefusesWhatIsNoErrorCode() throws Exception {
    assertThat(
            api.call("POST", "/_local/wechatpay/refunds:fail-next", null, "{\"code\":\"nope!\"}")
                .status())
        .isEqualTo(422);
  }
}
