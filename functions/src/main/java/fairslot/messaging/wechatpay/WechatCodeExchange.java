package fairslot.messaging.wechatpay;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.kernel.Unavailable;
import fairslot.member.app.WechatLogin;
import fairslot.member.domain.WechatUser;
import fairslot.shared.Json;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

/**
 * code2Session ({@code GET /sns/jscode2session}): WeChat answers {@code openid} (and {@code
 * unionid} for a mini-program bound to an Open Platform account) for a good code, and an {@code
 * errcode} for a used, expired or forged one (40029, 40163). Its busy answers, -1 (system busy) and
 * 45011 (the rate limit), are Unavailable: 503, try again, never "a bad code". The session key it
 * also sends is dropped unread: fairslot never stores it.
 */
public final class WechatCodeExchange implements WechatLogin {
  private final WechatPayConfig config;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();

  public WechatCodeExchange(WechatPayConfig config) {
    this.config = config;
  }

  @Override
  public Optional<WechatUser> userFor(String code) {
    URI uri =
        URI.create(
            config.loginBase().toString().replaceAll("/$", "")
                + "/sns/jscode2session?appid="
                + enc(config.appId())
                + "&secret="
                + enc(config.appSecret())
                + "&js_code="
                + enc(code)
                + "&grant_type=authorization_code");
    HttpResponse<String> response;
    try {
      response =
          http.send(
              HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).GET().build(),
              HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new Unavailable("WeChat's login service did not answer", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new Unavailable("interrupted", e);
    }
    if (response.statusCode() >= 500) {
      throw new Unavailable("WeChat's login service answered " + response.statusCode(), null);
    }
    JsonNode body;
    try {
      body = Json.mapper().readTree(response.body());
    } catch (IOException e) {
      throw new Unavailable("WeChat's login service answered no JSON", e);
    }
    int errcode = body.path("errcode").asInt(0);
    if (errcode == -1 || errcode == 45011) {
      throw new Unavailable("WeChat's login service is busy (errcode " + errcode + ")", null);
    }
    String openId = body.path("openid").asText("");
    return errcode == 0 && !openId.isEmpty()
        ? Optional.of(
            new WechatUser(
                openId, Optional.of(body.path("unionid").asText("")).filter(u -> !u.isEmpty())))
        : Optional.empty();
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }
}
