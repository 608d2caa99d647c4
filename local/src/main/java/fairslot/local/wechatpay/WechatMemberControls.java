package fairslot.local.wechatpay;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.local.LocalControls;
import fairslot.local.LocalControls.Reply;
import fairslot.shared.Json;
import java.util.Map;
import java.util.Optional;

/**
 * The local controls of WeChat's mini-program fake (API.md v1.3, "WeChat members"):
 *
 * <ul>
 *   <li>{@code POST /_local/wechat/login-codes {openid, unionid?}} → {@code {code}}: what the
 *       mini-program's {@code wx.login} gives that member, one use, five minutes;
 *   <li>{@code POST /_local/wechat/phone-codes {phone}} → {@code {code}}: what the mini-program's
 *       {@code getPhoneNumber} gives for that phone (E.164), one use, five minutes;
 *   <li>{@code GET /_local/wechat/stable-token-calls} → {@code {calls}}: how often stable_token was
 *       asked for;
 *   <li>{@code POST /_local/wechat/stable-token:force}: another system forces a new platform token,
 *       so the one fairslot keeps is refused (40001) before its time;
 *   <li>{@code GET /_local/wechat/messages} → {@code {items}}: the subscribe messages sent, as
 *       WeChat received them;
 *   <li>{@code POST /_local/wechat/refuse {openid, templateId}}: the next send of that template to
 *       that member answers 43101.
 * </ul>
 */
public final class WechatMemberControls implements LocalControls {
  private final FakeWechatPay fake;

  public WechatMemberControls(FakeWechatPay fake) {
    this.fake = fake;
  }

  @Override
  public Optional<Reply> handle(String method, String path, String body) {
    if (method.equals("POST") && path.equals("/_local/wechat/login-codes")) {
      JsonNode in = FakeOrders.read(body == null ? "" : body);
      String openid = in.path("openid").asText("");
      if (!openid.matches("[A-Za-z0-9_-]{6,64}")) {
        return Optional.of(
            new Reply(
                422,
                Json.write(
                    Map.of(
                        "code", "invalid_request", "detail", "openid must be 6 to 64 letters"))));
      }
      String code = fake.miniProgram.loginCode(openid, in.path("unionid").asText(""));
      return Optional.of(new Reply(200, Json.write(Map.of("code", code))));
    }
    if (method.equals("POST") && path.equals("/_local/wechat/phone-codes")) {
      JsonNode in = FakeOrders.read(body == null ? "" : body);
      String phone = in.path("phone").asText("");
      if (!phone.matches("\\+[0-9]{6,15}")) {
        return Optional.of(
            new Reply(
                422,
                Json.write(
                    Map.of(
                        "code", "invalid_request",
                        "detail", "phone must be E.164, such as +8613800138000"))));
      }
      return Optional.of(
          new Reply(200, Json.write(Map.of("code", fake.miniProgram.phoneCode(phone)))));
    }
    if (method.equals("POST") && path.equals("/_local/wechat/stable-token:force")) {
      fake.miniProgram.forceNew();
      return Optional.of(new Reply(204, "{}"));
    }
    if (method.equals("GET") && path.equals("/_local/wechat/messages")) {
      return Optional.of(
          new Reply(200, Json.write(Map.of("items", fake.miniProgram.messages.sent()))));
    }
    if (method.equals("POST") && path.equals("/_local/wechat/refuse")) {
      JsonNode in = FakeOrders.read(body == null ? "" : body);
      fake.miniProgram.messages.refuseNext(
          in.path("openid").asText(""), in.path("templateId").asText(""));
      return Optional.of(new Reply(204, "{}"));
    }
    if (method.equals("GET") && path.equals("/_local/wechat/stable-token-calls")) {
      return Optional.of(new Reply(200, Json.write(Map.of("calls", fake.miniProgram.calls()))));
    }
    return Optional.empty();
  }
}
