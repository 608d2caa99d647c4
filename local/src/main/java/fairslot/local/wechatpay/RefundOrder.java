package fairslot.local.wechatpay;

import com.fasterxml.jackson.databind.node.ObjectNode;
import fairslot.shared.Json;
import java.time.Instant;
import java.util.UUID;

/** One refund, keyed by out_refund_no: asking again with the number answers the same refund. */
final class RefundOrder {
  final String outRefundNo;
  final String refundId =
      "50000" + Long.toUnsignedString(UUID.randomUUID().getMostSignificantBits());
  final Order order;
  final long refund;
  private String status = "PROCESSING";
  Instant finishedAt;

  RefundOrder(String outRefundNo, Order order, long refund) {
    this.outRefundNo = outRefundNo;
    this.order = order;
    this.refund = refund;
  }

  synchronized String status() {
    return status;
  }

  synchronized boolean finish(String next, Instant at) {
    if (!status.equals("PROCESSING") && !status.equals("ABNORMAL")) {
      return false;
    }
    status = next;
    finishedAt = at;
    if (next.equals("SUCCESS")) {
      order.refunded();
    }
    return true;
  }

  /** An ABNORMAL refund sent elsewhere goes back to PROCESSING; false if it is not ABNORMAL. */
  synchronized boolean reapplied(String channel) {
    if (!status.equals("ABNORMAL")) {
      return false;
    }
    status = "PROCESSING";
    this.channel = channel;
    return true;
  }

  private String channel = "ORIGINAL";

  /** A CLOSED refund asked again under its number is submitted again; others are unchanged. */
  synchronized void resubmitted() {
    if (status.equals("CLOSED")) {
      status = "PROCESSING";
    }
  }

  synchronized ObjectNode json() {
    ObjectNode r = Json.object();
    r.put("mchid", FakeWechatPay.MCH_ID);
    r.put("refund_id", refundId);
    r.put("out_refund_no", outRefundNo);
    r.put("transaction_id", order.transactionId);
    r.put("out_trade_no", order.outTradeNo);
    r.put("channel", channel);
    r.put("user_received_account", "支付用户零钱");
    r.put("create_time", Instant.now().toString());
    r.put("status", status);
    r.put("refund_status", status);
    ObjectNode amount = r.putObject("amount");
    amount.put("total", order.total);
    amount.put("refund", refund);
    amount.put("payer_total", order.total);
    amount.put("payer_refund", refund);
    amount.put("settlement_total", order.total);
    amount.put("settlement_refund", refund);
    amount.put("discount_refund", 0);
    amount.put("currency", "CNY");
    return r;
  }
}
