package fairslot.local.wechatpay;

import com.fasterxml.jackson.databind.node.ObjectNode;
import fairslot.shared.Json;
import java.time.Instant;
import java.util.UUID;

/** One JSAPI order, keyed by out_trade_no. */
final class Order {
  final String outTradeNo;
  final String transactionId =
      "42000" + Long.toUnsignedString(UUID.randomUUID().getMostSignificantBits());
  final String prepayId = "wx" + FakeWechatKeys.text(30);
  final long total;
  final String openId;
  final String attach;
  private String state = "NOTPAY";
  Instant paidAt;

  /** A merchant coupon (免充值券) the payer used: they pay, and the merchant settles, less. */
  long coupon;

  Order(String outTradeNo, long total, String openId, String attach) {
    this.outTradeNo = outTradeNo;
    this.total = total;
    this.openId = openId;
    this.attach = attach;
  }

  synchronized String state() {
    return state;
  }

  synchronized boolean pay(Instant at, long couponFen) {
    if (!state.equals("NOTPAY")) {
      return false;
    }
    state = "SUCCESS";
    paidAt = at;
    coupon = couponFen;
    return true;
  }

  synchronized boolean close() {
    if (state.equals("NOTPAY")) {
      state = "CLOSED";
    }
    return state.equals("CLOSED");
  }

  synchronized void refunded() {
    state = "REFUND";
  }

  synchronized ObjectNode json() {
    ObjectNode t = Json.object();
    t.put("appid", FakeWechatPay.APP_ID);
    t.put("mchid", FakeWechatPay.MCH_ID);
    t.put("out_trade_no", outTradeNo);
    t.put("transaction_id", transactionId);
    t.put("trade_type", "JSAPI");
    t.put("trade_state", state);
    t.put("trade_state_desc", state);
    t.put("attach", attach);
    if (paidAt != null) {
      t.put("success_time", paidAt.toString());
    }
    t.putObject("payer").put("openid", openId);
    ObjectNode amount = t.putObject("amount");
    amount.put("total", total);
    amount.put("payer_total", total - coupon);
    amount.put("currency", "CNY");
    amount.put("payer_currency", "CNY");
    if (coupon > 0) {
      ObjectNode promotion = t.putArray("promotion_detail").addObject();
      promotion.put("coupon_id", "109519");
      promotion.put("name", "merchant coupon");
      promotion.put("scope", "SINGLE");
      promotion.put("type", "DISCOUNT"); // 免充值: the merchant funds it
      promotion.put("amount", coupon);
      promotion.put("merchant_contribute", coupon);
      promotion.put("wechatpay_contribute", 0);
      promotion.put("other_contribute", 0);
      promotion.put("currency", "CNY");
    }
    return t;
  }
}
