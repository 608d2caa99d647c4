package fairslot.local.wechatpay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import fairslot.shared.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
      return new Answer(status, FakeOrders.error(code, message), true);
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
      return FakeLogin.answer(query, fake.miniProgram);
    }
    if (method.equals("POST") && path.equals("/cgi-bin/stable_token")) {
      return fake.miniProgram.answer(body);
    }
    if (method.equals("POST") && path.equals("/cgi-bin/message/subscribe/send")) {
      return fake.miniProgram.messages.send(query, body);
    }
    if (method.equals("POST") && path.equals("/wxa/business/getuserphonenumber")) {
      return fake.miniProgram.phoneNumber(query, body);
    }
    String target = path + (query == null ? "" : "?" + query);
    if (!MerchantSignature.verifies(
        exchange.getRequestHeaders().getFirst("Authorization"), fake.keys, method, target, body)) {
      return Answer.fail(401, "SIGN_ERROR", "the Authorization signature does not verify");
    }
    JsonNode in = FakeOrders.read(body);
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

  static ObjectNode error(String code, String message) {
    ObjectNode n = Json.object();
    n.put("code", code);
    n.put("message", message);
    return n;
  }

  static JsonNode read(String body) {
    try {
      return body.isEmpty() ? Json.object() : Json.mapper().readTree(body);
    } catch (IOException e) {
      return Json.object();
    }
  }
}
