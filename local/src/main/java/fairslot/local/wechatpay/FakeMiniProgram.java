package fairslot.local.wechatpay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import fairslot.shared.Json;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The fake's {@code POST /cgi-bin/stable_token}, as WeChat's behaves without force_refresh: the
 * right appid and secret get the current token with its remaining lifetime (two hours when new),
 * the same token until it expires; a wrong secret is errcode 40125. Calls are counted (WeChat caps
 * them a day).
 */
public final class FakeMiniProgram {
  private static final Duration LIFETIME = Duration.ofHours(2);

  private final Clock clock;
  private final AtomicInteger calls = new AtomicInteger();

  /** subscribeMessage.send, on this mini-program's tokens and templates. */
  public final FakeSubscribeMessages messages;

  private String token;
  private Instant expiresAt = Instant.EPOCH;

  FakeMiniProgram(Clock clock) {
    this.clock = clock;
    this.messages = new FakeSubscribeMessages(this, clock);
  }

  synchronized FakeOrders.Answer answer(String body) {
    calls.incrementAndGet();
    JsonNode in = FakeOrders.read(body);
    ObjectNode out = Json.object();
    if (!"client_credential".equals(in.path("grant_type").asText())
        || !FakeWechatPay.APP_ID.equals(in.path("appid").asText())
        || !FakeWechatPay.APP_SECRET.equals(in.path("secret").asText())) {
      out.put("errcode", 40125);
      out.put("errmsg", "invalid appsecret");
      return new FakeOrders.Answer(200, out, false);
    }
    Instant now = clock.instant();
    if (in.path("force_refresh").asBoolean(false) || !expiresAt.isAfter(now)) {
      token = "local-token-" + FakeWechatKeys.text(16);
      expiresAt = now.plus(LIFETIME);
    }
    out.put("access_token", token);
    out.put("expires_in", Duration.between(now, expiresAt).toSeconds());
    return new FakeOrders.Answer(200, out, false);
  }

  private record PhoneCode(String phone, Instant until) {}

  /** Who a wx.login code made by the control stands for. */
  record Login(String openid, String unionid, Instant until) {}

  private final Map<String, Login> loginCodes = new ConcurrentHashMap<>();
  private final Map<String, Boolean> loginCodesMade = new ConcurrentHashMap<>();

  /** A one-use wx.login code for {@code openid} (and {@code unionid}, "" for none), 5 minutes. */
  public String loginCode(String openid, String unionid) {
    String code = "login-" + FakeWechatKeys.text(20);
    loginCodes.put(code, new Login(openid, unionid, clock.instant().plus(Duration.ofMinutes(5))));
    loginCodesMade.put(code, true);
    return code;
  }

  /** Whether the control made {@code code} (used or not). */
  boolean madeLogin(String code) {
    return loginCodesMade.containsKey(code);
  }

  /** The identity of a code the control made: once, within its five minutes; else empty. */
  Optional<Login> takeLogin(String code) {
    Login found = loginCodes.remove(code);
    return found == null || !found.until().isAfter(clock.instant())
        ? Optional.empty()
        : Optional.of(found);
  }

  private final Map<String, PhoneCode> phoneCodes = new ConcurrentHashMap<>();

  /** A one-use code for {@code phone} (E.164, with its country code), as getPhoneNumber gives. */
  public String phoneCode(String phone) {
    String code = "phone-" + FakeWechatKeys.text(20);
    phoneCodes.put(code, new PhoneCode(phone, clock.instant().plus(Duration.ofMinutes(5))));
    return code;
  }

  FakeOrders.Answer phoneNumber(String query, String body) {
    String token =
        query == null || !query.startsWith("access_token=")
            ? ""
            : URLDecoder.decode(query.substring("access_token=".length()), StandardCharsets.UTF_8);
    ObjectNode out = Json.object();
    if (!accepts(token)) {
      out.put("errcode", 40001);
      out.put("errmsg", "invalid credential, access_token is invalid or not latest");
      return new FakeOrders.Answer(200, out, false);
    }
    PhoneCode found = phoneCodes.remove(FakeOrders.read(body).path("code").asText(""));
    if (found == null || !found.until().isAfter(clock.instant())) {
      out.put("errcode", 40029);
      out.put("errmsg", "invalid code");
      return new FakeOrders.Answer(200, out, false);
    }
    String digits = found.phone().replace("+", "");
    String country = digits.startsWith("86") ? "86" : digits.substring(0, 1);
    String pure = digits.substring(country.length());
    out.put("errcode", 0);
    out.put("errmsg", "ok");
    ObjectNode info = out.putObject("phone_info");
    info.put("phoneNumber", country.equals("86") ? pure : "+" + digits);
    info.put("purePhoneNumber", pure);
    info.put("countryCode", country);
    info.putObject("watermark")
        .put("timestamp", clock.instant().getEpochSecond())
        .put("appid", FakeWechatPay.APP_ID);
    return new FakeOrders.Answer(200, out, false);
  }

  /** Another system forced a new token (force_refresh): the one fairslot holds stops working. */
  public synchronized void forceNew() {
    token = "local-token-" + FakeWechatKeys.text(16);
    expiresAt = clock.instant().plus(LIFETIME);
  }

  /** Whether WeChat would accept {@code candidate} now. */
  synchronized boolean accepts(String candidate) {
    return token != null && token.equals(candidate) && expiresAt.isAfter(clock.instant());
  }

  /** How many times stable_token was asked for (WeChat caps it a day). */
  public int calls() {
    return calls.get();
  }
}
