package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.local.LocalClient.Reply;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An ABNORMAL WeChat refund (the payer's card closed) sent elsewhere by finance (API.md v1.3,
 * apply-abnormal-refund): to a card of the payer's, whose details reach WeChat encrypted with the
 * platform key and nowhere else, or to the merchant's account; the refund goes back to PROCESSING,
 * the exception is resolved, and WeChat's notification settles the booking.
 */
class WechatAbnormalRefundIT {
  private static LocalRuntime runtime;
  private static LocalClient api;
  private static String finance;

  @BeforeAll
  static void start() throws Exception {
    runtime = LocalClient.startOn("wechat-abnormal-it", new MovableClock(Instant.now()));
    api = new LocalClient(runtime);
    finance = api.token("wx-abn-fin", "finance");
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  /** A paid WeChat booking whose refund WeChat could not pay back: booking, payment, exception. */
  private static String[] abnormal(String who) throws Exception {
    String member = api.token(who, "customer");
    String[] order = api.wechatOrder(member, "login-" + who);
    api.call("POST", "/_local/wechatpay/transactions/" + order[1] + "/pay", null, "{}");
    api.call("POST", "/bookings/" + order[0] + "/cancel", member, null);
    api.call(
        "POST",
        "/_local/wechatpay/refunds/R" + order[1] + "/finish",
        null,
        "{\"status\":\"ABNORMAL\",\"notify\":true}");
    assertThat(api.paymentStatus(order[0])).isEqualTo("REFUND_FAILED");
    String exceptionId = null;
    for (JsonNode e : api.financeExceptionItems()) {
      if (e.path("kind").asText().equals("REFUND_ABNORMAL")
          && e.path("paymentNo").asText().equals(order[1])) {
        exceptionId = e.path("exceptionId").asText();
      }
    }
    assertThat(exceptionId).isNotNull();
    return new String[] {order[0], order[1], exceptionId, member};
  }

  private static Reply send(String exceptionId, String body) throws Exception {
    return api.call(
        "POST", "/finance/exceptions/" + exceptionId + "/abnormal-refund", finance, body);
  }

  @Test
  void toThePayersCardEncryptedThenWechatsNotificationSettlesTheBooking() throws Exception {
    String[] b = abnormal("wx-abn-card");
    String card =
        "{\"type\":\"USER_BANK_CARD\",\"bankType\":\"ICBC_DEBIT\","
            + "\"bankAccount\":\"6222021234567890123\",\"realName\":\"张三\"}";

    Reply sent = send(b[2], card);

    assertThat(sent.status()).as(sent.raw()).isEqualTo(200);
    assertThat(sent.json().path("status").asText()).isEqualTo("RESOLVED");
    assertThat(sent.json().path("resolution").asText()).isEqualTo("ABNORMAL_REFUND_APPLIED");
    assertThat(api.status(b[3], b[0])).isEqualTo("REFUNDING");
    assertThat(runtime.wechatPay().refundStatus("R" + b[1])).contains("PROCESSING");
    JsonNode applied = null;
    for (JsonNode r :
        api.call("GET", "/_local/wechatpay/requests", null, null).json().path("items")) {
      if (r.path("path").asText().endsWith("/apply-abnormal-refund")) {
        applied = r;
      }
    }
    assertThat(applied).isNotNull();
    assertThat(applied.path("body").asText())
        .as("the card reaches WeChat encrypted only")
        .doesNotContain("6222021234567890123")
        .doesNotContain("张三")
        .contains("\"bank_type\":\"ICBC_DEBIT\"");
    assertThat(applied.path("headers").path("Wechatpay-serial").size()).isEqualTo(1);
    assertThat(send(b[2], card).json().path("exceptionId").asText())
        .as("asked twice: the same exception")
        .isEqualTo(b[2]);

    api.call(
        "POST",
        "/_local/wechatpay/refunds/R" + b[1] + "/finish",
        null,
        "{\"status\":\"SUCCESS\",\"notify\":true}");
    assertThat(api.status(b[3], b[0])).isEqualTo("REFUNDED");
  }

  @Test
  void toTheMerchantsAccountNeedsNoCardAndACardWithoutItsNumberIs422() throws Exception {
    String[] b = abnormal("wx-abn-merchant");
    assertThat(send(b[2], "{\"type\":\"USER_BANK_CARD\",\"bankType\":\"ICBC_DEBIT\"}").status())
        .isEqualTo(422);
    assertThat(send(b[2], "{\"type\":\"ELSEWHERE\"}").status()).isEqualTo(422);
    assertThat(api.paymentStatus(b[0])).as("bad input writes nothing").isEqualTo("REFUND_FAILED");

    Reply sent = send(b[2], "{\"type\":\"MERCHANT_BANK_CARD\"}");

    assertThat(sent.status()).as(sent.raw()).isEqualTo(200);
    assertThat(runtime.wechatPay().refundStatus("R" + b[1])).contains("PROCESSING");
    assertThat(api.status(b[3], b[0])).isEqualTo("REFUNDING");
  }
}
