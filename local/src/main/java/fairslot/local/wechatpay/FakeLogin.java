package fairslot.local.wechatpay;

import com.fasterxml.jackson.databind.node.ObjectNode;
import fairslot.shared.Json;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;

/**
 * The fake's code2Session. A code made by {@code POST /_local/wechat/login-codes} answers its
 * openid (and unionid) once, within five minutes, then 40029 as WeChat does; any other code is
 * accepted for the right appid and secret and stands for a stable openid derived from it (the same
 * code, the same member), except codes starting {@code bad}, which WeChat refuses as used or
 * expired (40029), and codes starting {@code busy}, which meet WeChat's rate limit (45011).
 */
final class FakeLogin {
  private FakeLogin() {}

  static FakeOrders.Answer answer(String rawQuery, FakeMiniProgram miniProgram) {
    Map<String, String> q = new HashMap<>();
    if (rawQuery != null) {
      for (String pair : rawQuery.split("&")) {
        int eq = pair.indexOf('=');
        if (eq > 0) {
          q.put(
              pair.substring(0, eq),
              URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
      }
    }
    ObjectNode out = Json.object();
    String code = q.getOrDefault("js_code", "");
    if (!FakeWechatPay.APP_ID.equals(q.get("appid"))
        || !FakeWechatPay.APP_SECRET.equals(q.get("secret"))) {
      out.put("errcode", 40125);
      out.put("errmsg", "invalid appsecret");
    } else if (miniProgram.madeLogin(code)) {
      Optional<FakeMiniProgram.Login> made = miniProgram.takeLogin(code);
      if (made.isEmpty()) {
        out.put("errcode", 40029);
        out.put("errmsg", "invalid code");
      } else {
        out.put("openid", made.get().openid());
        if (!made.get().unionid().isEmpty()) {
          out.put("unionid", made.get().unionid());
        }
        out.put("session_key", FakeWechatKeys.text(24));
      }
    } else if (code.startsWith("busy")) {
      out.put("errcode", 45011);
      out.put("errmsg", "api minute-quota reach limit, mustslower retry next minute");
    } else if (code.isEmpty() || code.startsWith("bad")) {
      out.put("errcode", 40029);
      out.put("errmsg", "invalid code");
    } else {
      out.put("openid", "o" + digest(code).substring(0, 27));
      out.put("session_key", FakeWechatKeys.text(24));
    }
    return new FakeOrders.Answer(200, out, false);
  }

  private static String digest(String code) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(code.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
