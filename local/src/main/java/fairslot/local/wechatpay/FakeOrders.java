package fairslot.local.wechatpay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import fairslot.shared.Json;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The fake's APIv3 routes: what WeChat Pay answers to a merchant's signed calls. */
final class FakeOrders {
  record Answer(int status, ObjectNode body, boolean signed, String text) {
    Answer(int status, ObjectNode body, boolean signed) {
      this(status, body, signed, null);
    }

    static Answer ok(ObjectNode body) {
      return new Answer(200, body, true);
    }

    static Answer fail(int status, String code, String message) {
      return new Answer(status, FakeWechatPay.error(code, message), true);
    }
  }

  /** One JSAPI order, keyed by out_trade_no. */
  static final class Order {
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

  /** One refund, keyed by out_refund_no: asking again with the number answers the same refund. */
  static final class RefundOrder {
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

  private static final Pattern ABNORMAL =
      Pattern.compile("/v3/refund/domestic/refunds/([^/]+)/apply-abnormal-refund");
  private static final Pattern QUERY =
      Pattern.compile("/v3/pay/transactions/out-trade-no/([^/?]+)");
  private static final Pattern CLOSE =
      Pattern.compile("/v3/pay/transactions/out-trade-no/([^/?]+)/close");
  private static final Pattern REFUND = Pattern.compile("/v3/refund/domestic/refunds/([^/?]+)");

  private final FakeWechatPay fake;

  FakeOrders(FakeWechatPay fake) {
    this.fake = fake;
  }

  Answer answer(HttpExchange exchange, String body) {
    String method = exchange.getRequestMethod();
    String path = exchange.getRequestURI().getRawPath();
    String query = exchange.getRequestURI().getRawQuery();
    if (path.equals("/sns/jscode2session")) {
      return FakeLogin.answer(query);
    }
    String target = path + (query == null ? "" : "?" + query);
    if (!MerchantSignature.verifies(
        exchange.getRequestHeaders().getFirst("Authorization"), fake.keys, method, target, body)) {
      return Answer.fail(401, "SIGN_ERROR", "the Authorization signature does not verify");
    }
    JsonNode in = FakeWechatPay.read(body);
    Matcher m;
    if (method.equals("POST") && path.equals("/v3/pay/transactions/jsapi")) {
      return prepay(in);
    }
    if (method.equals("POST") && (m = CLOSE.matcher(path)).matches()) {
      Order order = fake.orders.get(m.group(1));
      if (order == null) {
        return Answer.fail(404, "ORDER_NOT_EXIST", "no such order");
      }
      return order.close()
          ? new Answer(204, null, true)
          : Answer.fail(400, "ORDERPAID", "the order is paid");
    }
    if (method.equals("GET") && (m = QUERY.matcher(path)).matches()) {
      Order order = fake.orders.get(m.group(1));
      return order == null
          ? Answer.fail(404, "ORDER_NOT_EXIST", "no such order")
          : Answer.ok(order.json());
    }
    if (method.equals("POST") && (m = ABNORMAL.matcher(path)).matches()) {
      return FakeAbnormalRefunds.apply(
          fake, m.group(1), in, exchange.getRequestHeaders().getFirst("Wechatpay-Serial"));
    }
    if (method.equals("GET") && path.equals("/v3/certificates")) {
      return FakeCertificates.list(fake.keys);
    }
    if (method.equals("GET") && path.equals("/v3/bill/tradebill")) {
      return fake.bills.describe(query);
    }
    if (method.equals("GET") && path.equals("/v3/billdownload/file")) {
      return fake.bills.file(query);
    }
    if (method.equals("POST") && path.equals("/v3/refund/domestic/refunds")) {
      return refund(in);
    }
    if (method.equals("GET") && (m = REFUND.matcher(path)).matches()) {
      RefundOrder r = fake.refunds.get(m.group(1));
      return r == null
          ? Answer.fail(404, "RESOURCE_NOT_EXISTS", "no such refund")
          : Answer.ok(r.json());
    }
    return Answer.fail(404, "NOT_FOUND", "no route " + method + " " + path);
  }

  private Answer prepay(JsonNode in) {
    if (!FakeWechatPay.MCH_ID.equals(in.path("mchid").asText())
        || !FakeWechatPay.APP_ID.equals(in.path("appid").asText())) {
      return Answer.fail(400, "PARAM_ERROR", "mchid or appid is not this merchant's");
    }
    String no = in.path("out_trade_no").asText();
    long total = in.path("amount").path("total").asLong();
    if (no.isEmpty() || no.length() > 32 || !no.matches("[A-Za-z0-9_|*-]+") || total <= 0) {
      return Answer.fail(400, "PARAM_ERROR", "out_trade_no or amount.total is invalid");
    }
    // description is required, 1 to 127 bytes (API v3 JSAPI 下单)
    int described = in.path("description").asText("").getBytes(StandardCharsets.UTF_8).length;
    if (described == 0 || described > 127) {
      return Answer.fail(400, "PARAM_ERROR", "description must be 1 to 127 bytes");
    }
    Order order =
        fake.orders.computeIfAbsent(
            no,
            k ->
                new Order(
                    k,
                    total,
                    in.path("payer").path("openid").asText(),
                    in.path("attach").asText()));
    if (order.total != total) {
      return Answer.fail(400, "INVALID_REQUEST", "out_trade_no was used with another amount");
    }
    if (order.state().equals("SUCCESS")) {
      return Answer.fail(400, "ORDERPAID", "the order is paid");
    }
    ObjectNode out = Json.object();
    out.put("prepay_id", order.prepayId);
    return Answer.ok(out);
  }

  private Answer refund(JsonNode in) {
    String refusal = fake.refundRefusals.poll();
    if (refusal != null) {
      return Answer.fail(refusalStatus(refusal), refusal, "refused as told (refunds:fail-next)");
    }
    Order order = fake.orders.get(in.path("out_trade_no").asText());
    if (order == null) {
      return Answer.fail(404, "RESOURCE_NOT_EXISTS", "no such order");
    }
    String state = order.state();
    if (!state.equals("SUCCESS") && !state.equals("REFUND")) {
      return Answer.fail(400, "INVALID_REQUEST", "the order is not paid");
    }
    long amount = in.path("amount").path("refund").asLong();
    if (amount <= 0 || amount > order.total) {
      return Answer.fail(400, "INVALID_REQUEST", "the refund exceeds the order");
    }
    RefundOrder r =
        fake.refunds.computeIfAbsent(
            in.path("out_refund_no").asText(), k -> new RefundOrder(k, order, amount));
    r.resubmitted();
    return Answer.ok(r.json());
  }

  /** The HTTP status WeChat answers a refund refused with {@code code} (申请退款 error codes). */
  static int refusalStatus(String code) {
    return switch (code) {
      case "SYSTEM_ERROR" -> 500;
      case "FREQUENCY_LIMITED" -> 429;
      case "NOT_ENOUGH", "NO_AUTH", "USER_ACCOUNT_ABNORMAL" -> 403;
      case "RESOURCE_NOT_EXISTS" -> 404;
      case "SIGN_ERROR" -> 401;
      default -> 400;
    };
  }
}
