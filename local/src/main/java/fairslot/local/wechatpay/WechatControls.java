package fairslot.local.wechatpay;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.local.LocalControls;
import fairslot.shared.Json;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The local runtime's controls of the WeChat Pay fake (API.md, "Real payment providers"):
 *
 * <ul>
 *   <li>{@code POST /_local/wechatpay/transactions/{outTradeNo}/pay {notify}}: the payer pays;
 *   <li>{@code POST /_local/wechatpay/refunds/{outRefundNo}/finish {status, notify}};
 *   <li>{@code GET /_local/wechatpay/notifications}: every notification sent, headers and body.
 *   <li>{@code GET /_local/wechatpay/requests}: every request the fake received (API.md v1.3).
 * </ul>
 *
 * {@code notify: false} changes WeChat's state and sends nothing: a lost notification.
 */
public final class WechatControls implements LocalControls {
  private static final Pattern PAY = Pattern.compile("/_local/wechatpay/transactions/([^/]+)/pay");
  private static final Pattern FINISH = Pattern.compile("/_local/wechatpay/refunds/([^/]+)/finish");

  private final FakeWechatPay fake;

  public WechatControls(FakeWechatPay fake) {
    this.fake = fake;
  }

  @Override
  public Optional<Reply> handle(String method, String path, String body) {
    if (!path.startsWith("/_local/wechatpay/")) {
      return Optional.empty();
    }
    if (method.equals("GET") && path.equals("/_local/wechatpay/notifications")) {
      return Optional.of(new Reply(200, Json.write(Map.of("items", fake.notifications()))));
    }
    if (method.equals("GET") && path.equals("/_local/wechatpay/requests")) {
      return Optional.of(new Reply(200, Json.write(Map.of("items", fake.requests()))));
    }
    JsonNode in = FakeOrders.read(body == null ? "" : body);
    boolean notify = in.path("notify").asBoolean(true);
    Matcher m;
    if (method.equals("POST") && (m = PAY.matcher(path)).matches()) {
      long coupon = in.path("couponMinor").asLong(0);
      if (coupon < 0) {
        return Optional.of(unprocessable("couponMinor must be 0 or more, less than the total"));
      }
      return Optional.of(
          fake.pay(m.group(1), notify, coupon)
              ? new Reply(200, Json.write(Map.of("tradeState", "SUCCESS", "notified", notify)))
              : notFound("no open order " + m.group(1)));
    }
    if (method.equals("POST") && path.equals("/_local/wechatpay/platform-keys:rotate")) {
      return Optional.of(new Reply(200, Json.write(Map.of("serial", fake.rotatePlatformKey()))));
    }
    if (method.equals("POST") && path.equals("/_local/wechatpay/refunds:fail-next")) {
      String code = in.path("code").asText("");
      if (!code.matches("[A-Z_]{1,64}")) {
        return Optional.of(unprocessable("code must be a WeChat error code, such as NOT_ENOUGH"));
      }
      fake.failNextRefund(code);
      return Optional.of(new Reply(200, Json.write(Map.of("code", code))));
    }
    if (method.equals("POST") && (m = FINISH.matcher(path)).matches()) {
      String status = in.path("status").asText("SUCCESS");
      if (!status.matches("SUCCESS|CLOSED|ABNORMAL")) {
        return Optional.of(unprocessable("status must be SUCCESS, CLOSED or ABNORMAL"));
      }
      return Optional.of(
          fake.finishRefund(m.group(1), status, notify)
              ? new Reply(200, Json.write(Map.of("status", status, "notified", notify)))
              : notFound("no processing refund " + m.group(1)));
    }
    return Optional.of(notFound("no WeChat Pay control " + method + " " + path));
  }

  private static Reply unprocessable(String detail) {
    return new Reply(422, Json.write(Map.of("code", "invalid_request", "detail", detail)));
  }

  private static Reply notFound(String detail) {
    return new Reply(404, Json.write(Map.of("code", "not_found", "detail", detail)));
  }
}
