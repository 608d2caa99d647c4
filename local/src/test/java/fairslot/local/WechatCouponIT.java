package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.local.LocalClient.Reply;
import fairslot.shared.Json;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A payer who uses a merchant coupon (免充值券) at WeChat Pay (API.md v1.3): the order's total is paid,
 * the payer pays less, the merchant settles less; the booking is paid, the coupon is kept with the
 * notification, and the trade bill matches on 订单金额 with no mismatch.
 */
class WechatCouponIT {
  private static final MovableClock CLOCK = new MovableClock(Instant.now());
  private static LocalRuntime runtime;
  private static LocalClient api;

  @BeforeAll
  static void start() throws Exception {
    runtime = LocalClient.startOn("wechat-coupon-it", CLOCK);
    api = new LocalClient(runtime);
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  @Test
  void aCouponPaymentIsPaidKeptWithItsCouponAndMatchesTheBillOnTheOrderTotal() throws Exception {
    String member = api.token("wx-coupon", "customer");
    String[] order = api.wechatOrder(member, "login-coupon");

    Reply paid =
        api.call(
            "POST",
            "/_local/wechatpay/transactions/" + order[1] + "/pay",
            null,
            "{\"notify\":true,\"couponMinor\":1000}");
    assertThat(paid.status()).isEqualTo(200);
    assertThat(api.status(member, order[0])).isEqualTo("PAID");
    JsonNode received = api.payments(order[0]).path(0).path("events").path(0);
    JsonNode kept = Json.mapper().readTree(received.path("rawCallback").asText());
    assertThat(kept.path("amountMinor").asLong()).isEqualTo(8800);
    assertThat(kept.path("payerTotalMinor").asLong()).isEqualTo(7800);
    assertThat(kept.path("couponMinor").asLong()).isEqualTo(1000);
    int before = api.financeExceptions();

    Reply run =
        api.call(
            "POST",
            "/finance/statements:reconcile",
            api.token("wx-coupon-fin", "finance"),
            "{\"provider\":\"wechatpay\",\"date\":\""
                + LocalDate.ofInstant(CLOCK.instant(), ZoneId.of("Asia/Shanghai"))
                + "\"}");

    assertThat(run.status()).isEqualTo(200);
    assertThat(run.json().path("lines").asInt()).isEqualTo(1);
    assertThat(run.json().path("matched").asInt()).isEqualTo(1);
    assertThat(run.json().path("exceptions").asInt()).isZero();
    assertThat(api.financeExceptions()).isEqualTo(before);
    // settled 78.00 yuan, less WeChat's 0.6 % fee of 0.47
    assertThat(run.json().path("settlementCurrency").asText()).isEqualTo("CNY");
    assertThat(run.json().path("feesMinor").asLong()).isEqualTo(47);
    assertThat(run.json().path("netMinor").asLong()).isEqualTo(7753);
  }

  @Test
  void aCouponOfTheWholeTotalIsRefusedByTheControl() throws Exception {
    String member = api.token("wx-coupon-all", "customer");
    String[] order = api.wechatOrder(member, "login-coupon-all");
    assertThat(
            api.call(
                    "POST",
                    "/_local/wechatpay/transactions/" + order[1] + "/pay",
                    null,
                    "{\"couponMinor\":8800}")
                .status())
        .isEqualTo(404);
    assertThat(api.status(member, order[0])).isEqualTo("PENDING_PAY");
  }
}
