package fairslot.local.wechatpay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import fairslot.shared.Json;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The fake's {@code POST /cgi-bin/stable_token}, as WeChat's behaves without force_refresh: the
 * right appid and secret get the current token with its remaining lifetime (two hours when new),
 * the same token until it expires; a wrong secret is errcode 40125. Calls are counted (WeChat caps
 * them a day).
 */
public final class FakePlatformToken {
  private static final Duration LIFETIME = Duration.ofHours(2);

  private final Clock clock;
  private final AtomicInteger calls = new AtomicInteger();
  private String token;
  private Instant expiresAt = Instant.EPOCH;

  FakePlatformToken(Clock clock) {
    this.clock = clock;
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

  /** Whether WeChat would accept {@code candidate} now. */
  synchronized boolean accepts(String candidate) {
    return token != null && token.equals(candidate) && expiresAt.isAfter(clock.instant());
  }

  /** How many times stable_token was asked for (WeChat caps it a day). */
  public int calls() {
    return calls.get();
  }
}
