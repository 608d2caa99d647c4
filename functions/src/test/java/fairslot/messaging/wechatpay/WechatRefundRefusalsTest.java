package fairslot.messaging.wechatpay;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.payment.app.PaymentProvider.RefundAttempt;
import org.junit.jupiter.api.Test;

/** WeChat Pay's 申请退款 error codes: which a retry under the same out_refund_no can mend. */
class WechatRefundRefusalsTest {
  @Test
  void aShortBalanceARateLimitAndWechatsOwnErrorsAreRetried() {
    assertThat(WechatPayProvider.refusal(403, "NOT_ENOUGH"))
        .isEqualTo(new RefundAttempt.RetryLater("NOT_ENOUGH"));
    assertThat(WechatPayProvider.refusal(429, "FREQUENCY_LIMITED"))
        .isEqualTo(new RefundAttempt.RetryLater("FREQUENCY_LIMITED"));
    assertThat(WechatPayProvider.refusal(500, "SYSTEM_ERROR"))
        .isEqualTo(new RefundAttempt.RetryLater("SYSTEM_ERROR"));
    assertThat(WechatPayProvider.refusal(502, null))
        .isEqualTo(new RefundAttempt.RetryLater("HTTP_502"));
  }

  @Test
  void aRequestNoRetryCanMendIsRefusedWithItsCode() {
    assertThat(WechatPayProvider.refusal(400, "PARAM_ERROR"))
        .isEqualTo(new RefundAttempt.Refused("PARAM_ERROR"));
    assertThat(WechatPayProvider.refusal(400, "INVALID_REQUEST"))
        .isEqualTo(new RefundAttempt.Refused("INVALID_REQUEST"));
    assertThat(WechatPayProvider.refusal(403, "NO_AUTH"))
        .isEqualTo(new RefundAttempt.Refused("NO_AUTH"));
    assertThat(WechatPayProvider.refusal(404, "RESOURCE_NOT_EXISTS"))
        .isEqualTo(new RefundAttempt.Refused("RESOURCE_NOT_EXISTS"));
  }
}
