package fairslot.messaging.wechatpay;

import com.wechat.pay.java.service.payments.model.Transaction;
import fairslot.kernel.Money;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.shared.Json;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What WeChat reports, as fairslot's provider events. The event id is the order (or refund) number
 * and its state, never the notification's own id, so a notification and a query that find the same
 * state apply it once, and a redelivery is a replay.
 */
final class WechatPayNotices {
  private WechatPayNotices() {}

  /** What the order carries back in every notification: whose payment it is. */
  static String attach(Payment payment) {
    return payment.payable().kind() + ":" + payment.payable().id();
  }

  static String paymentEventId(String outTradeNo, String state) {
    return "wechatpay:" + outTradeNo + ":" + state;
  }

  static String refundEventId(String outRefundNo, String state) {
    return "wechatpay:" + outRefundNo + ":" + state;
  }

  /** A transaction from a query, for the payment it is known to be. */
  static Optional<PaymentCallback> ofTransaction(
      Transaction t, Payment payment, WechatPayConfig config) {
    if (t.getTradeState() == null) {
      return Optional.empty();
    }
    long total =
        t.getAmount() == null || t.getAmount().getTotal() == null ? 0 : t.getAmount().getTotal();
    return outcomeOfTrade(t.getTradeState().name())
        .map(
            outcome ->
                new PaymentCallback(
                    paymentEventId(payment.paymentNo(), t.getTradeState().name()),
                    payment.paymentNo(),
                    payment.payable(),
                    new Money(total, WechatPayProvider.CNY),
                    outcome,
                    Json.write(
                        summary(
                            "query",
                            t.getOutTradeNo(),
                            t.getTradeState().name(),
                            total,
                            t.getMchid(),
                            t.getAppid()))));
  }

  /**
   * SUCCESS and REFUND (paid, then refunded) mean the money arrived; PAYERROR, CLOSED and REVOKED
   * that it did not. NOTPAY and USERPAYING are still open: nothing to apply yet.
   */
  static Optional<PaymentCallback.Outcome> outcomeOfTrade(String state) {
    return switch (state) {
      case "SUCCESS", "REFUND" -> Optional.of(PaymentCallback.Outcome.SUCCEEDED);
      case "PAYERROR", "CLOSED", "REVOKED" -> Optional.of(PaymentCallback.Outcome.FAILED);
      default -> Optional.empty();
    };
  }

  /**
   * SUCCESS is the money back; CLOSED a refund that did not happen (asked again under its number);
   * ABNORMAL one WeChat could not pay back, which only a person can finish.
   */
  static Optional<PaymentCallback.Outcome> outcomeOfRefund(String status) {
    return switch (status) {
      case "SUCCESS" -> Optional.of(PaymentCallback.Outcome.REFUNDED);
      case "CLOSED" -> Optional.of(PaymentCallback.Outcome.REFUND_FAILED);
      case "ABNORMAL" -> Optional.of(PaymentCallback.Outcome.REFUND_ABNORMAL);
      default -> Optional.empty();
    };
  }

  static Optional<PaymentCallback> ofRefund(
      String outTradeNo, String outRefundNo, String status, long refunded, Payment payment) {
    return outcomeOfRefund(status)
        .map(
            outcome ->
                new PaymentCallback(
                    refundEventId(outRefundNo, status),
                    payment.paymentNo(),
                    payment.payable(),
                    new Money(refunded, WechatPayProvider.CNY),
                    outcome,
                    Json.write(summary("refund", outRefundNo, status, refunded, null, null)),
                    payment.isPart() ? Optional.of(payment.refundNo()) : Optional.empty()));
  }

  /** What finance keeps of a report: no payer fields (the openid stays out). */
  static Map<String, Object> summary(
      String kind, String number, String state, long amount, String mchId, String appId) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("provider", WechatPayProvider.NAME);
    m.put("kind", kind);
    m.put("number", number);
    m.put("state", state);
    m.put("amountMinor", amount);
    if (mchId != null) {
      m.put("mchid", mchId);
    }
    if (appId != null) {
      m.put("appid", appId);
    }
    return m;
  }
}
