package fairslot.messaging.wechatpay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import fairslot.aws.Lazily;
import fairslot.kernel.Unavailable;
import fairslot.member.app.PlatformTokenStore.PlatformToken;
import fairslot.member.app.WechatLogin;
import fairslot.member.app.WechatPlatform;
import fairslot.member.domain.Phone;
import fairslot.member.domain.WechatUser;
import fairslot.shared.Json;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * WeChat's server API for the mini-program, one HTTP client made on its first call. code2Session
 * signs members in. {@code POST /cgi-bin/stable_token} with {@code force_refresh: false}: WeChat
 * answers the current platform token while it is valid (so callers that race get the same one) and
 * its remaining lifetime in {@code expires_in} seconds. {@code POST
 * /wxa/business/getuserphonenumber}: the phone WeChat verified for a one-use code. Errors come as
 * an {@code errcode}; none of them, nor the secret or a phone, is ever put in a message.
 */
public final class WechatServerApi implements WechatPlatform, WechatLogin {
  private final WechatPayConfig config;
  private final Clock clock;

  /** Made on the first WeChat call, not at cold start: most requests never make one. */
  private final Supplier<HttpClient> http =
      Lazily.of(() -> HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build());

  public WechatServerApi(WechatPayConfig config, Clock clock) {
    this.config = config;
    this.clock = clock;
  }

  /** The mini-program's appid: whose platform token this is. */
  public String appId() {
    return config.appId();
  }

  @Override
  public PlatformToken stableToken() {
    JsonNode answer =
        post(
            "/cgi-bin/stable_token",
            Json.object()
                .put("grant_type", "client_credential")
                .put("appid", config.appId())
                .put("secret", config.appSecret())
                .put("force_refresh", false));
    String token = answer.path("access_token").asText("");
    long seconds = answer.path("expires_in").asLong(0);
    if (token.isEmpty() || seconds <= 0) {
      throw new Unavailable(
          "WeChat gave no access token (errcode " + answer.path("errcode").asInt(0) + ")", null);
    }
    return new PlatformToken(token, clock.instant().plusSeconds(seconds));
  }

  @Override
  public PhoneAnswer phoneNumber(String accessToken, String code) {
    JsonNode answer =
        post(
            "/wxa/business/getuserphonenumber?access_token="
                + URLEncoder.encode(accessToken, StandardCharsets.UTF_8),
            Json.object().put("code", code));
    int errcode = answer.path("errcode").asInt(0);
    if (errcode == 40001 || errcode == 42001) {
      return new PhoneAnswer.TokenRejected();
    }
    if (errcode == -1 || errcode == 45009 || errcode == 45011) {
      throw new Unavailable("WeChat is busy (errcode " + errcode + ")", null);
    }
    JsonNode info = answer.path("phone_info");
    Optional<Phone> phone =
        Phone.parse(
            "+" + info.path("countryCode").asText("") + info.path("purePhoneNumber").asText(""));
    return errcode == 0 && phone.isPresent()
        ? new PhoneAnswer.Verified(phone.get())
        : new PhoneAnswer.InvalidCode();
  }

  /** What {@code subscribeMessage.send} answered. */
  public sealed interface SendAnswer {
    record Sent() implements SendAnswer {}

    /** 40001, 42001: the platform token is no longer valid. */
    record TokenRejected() implements SendAnswer {}

    /** 43101: the member has no send of this template left (or unsubscribed). */
    record NoSendLeft() implements SendAnswer {}

    /** Any other refusal (an invalid template, page or field: 40037, 41030, 47003 …). */
    record Refused(int errcode) implements SendAnswer {}
  }

  /**
   * {@code POST /cgi-bin/message/subscribe/send}: one subscribe message to {@code openId}, each
   * {@code data} key as {@code {"value": ...}}; WeChat busy (-1, 45009, 45011) is Unavailable.
   */
  public SendAnswer subscribeSend(
      String accessToken, String openId, String templateId, String page, Map<String, String> data) {
    ObjectNode body =
        Json.object()
            .put("touser", openId)
            .put("template_id", templateId)
            .put("page", page)
            .put("miniprogram_state", "formal")
            .put("lang", "zh_CN");
    ObjectNode values = body.putObject("data");
    data.forEach((key, value) -> values.putObject(key).put("value", value));
    JsonNode answer =
        post(
            "/cgi-bin/message/subscribe/send?access_token="
                + URLEncoder.encode(accessToken, StandardCharsets.UTF_8),
            body);
    int errcode = answer.path("errcode").asInt(0);
    return switch (errcode) {
      case 0 -> new SendAnswer.Sent();
      case 40001, 42001 -> new SendAnswer.TokenRejected();
      case 43101 -> new SendAnswer.NoSendLeft();
      case -1, 45009, 45011 ->
          throw new Unavailable("WeChat is busy (errcode " + errcode + ")", null);
      default -> new SendAnswer.Refused(errcode);
    };
  }

  /**
   * code2Session ({@code GET /sns/jscode2session}): {@code openid} (and {@code unionid} for a
   * mini-program bound to an Open Platform account) for a good code, an {@code errcode} for a used,
   * expired or forged one (40029, 40163). Its busy answers, -1 and 45011 (the rate limit), are
   * Unavailable: 503, try again, never "a bad code". The session key it also sends is dropped
   * unread: fairslot never stores it.
   */
  @Override
  public Optional<WechatUser> userFor(String code) {
    JsonNode body =
        call(
            HttpRequest.newBuilder(
                    uri(
                        "/sns/jscode2session?appid="
                            + enc(config.appId())
                            + "&secret="
                            + enc(config.appSecret())
                            + "&js_code="
                            + enc(code)
                            + "&grant_type=authorization_code"))
                .GET());
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

  private URI uri(String pathAndQuery) {
    return URI.create(config.loginBase().toString().replaceAll("/$", "") + pathAndQuery);
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  /** One JSON POST. */
  private JsonNode post(String pathAndQuery, ObjectNode body) {
    return call(
        HttpRequest.newBuilder(uri(pathAndQuery))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(Json.write(body))));
  }

  /** One JSON call; a 5xx, no answer or no JSON is Unavailable (503, try again). */
  private JsonNode call(HttpRequest.Builder request) {
    HttpResponse<String> response;
    try {
      response =
          http.get()
              .send(
                  request.timeout(Duration.ofSeconds(5)).build(),
                  HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new Unavailable("WeChat's server API did not answer", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new Unavailable("interrupted", e);
    }
    if (response.statusCode() >= 500) {
      throw new Unavailable("WeChat's server API answered " + response.statusCode(), null);
    }
    try {
      return Json.mapper().readTree(response.body());
    } catch (IOException e) {
      throw new Unavailable("WeChat's server API answered no JSON", e);
    }
  }
}
