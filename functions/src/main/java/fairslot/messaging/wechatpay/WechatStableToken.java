package fairslot.messaging.wechatpay;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.kernel.Unavailable;
import fairslot.member.app.PlatformTokenStore.PlatformToken;
import fairslot.member.app.WechatPlatform;
import fairslot.shared.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;

/**
 * {@code POST /cgi-bin/stable_token} with {@code force_refresh: false}: WeChat answers the current
 * platform token while it is valid (so callers that race get the same one) and its remaining
 * lifetime in {@code expires_in} seconds; an {@code errcode} otherwise.
 */
public final class WechatStableToken implements WechatPlatform {
  private final WechatPayConfig config;
  private final Clock clock;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();

  public WechatStableToken(WechatPayConfig config, Clock clock) {
    this.config = config;
    this.clock = clock;
  }

  @Override
  public PlatformToken stableToken() {
    String body =
        Json.write(
            Json.object()
                .put("grant_type", "client_credential")
                .put("appid", config.appId())
                .put("secret", config.appSecret())
                .put("force_refresh", false));
    HttpResponse<String> response;
    try {
      response =
          http.send(
              HttpRequest.newBuilder(
                      URI.create(
                          config.loginBase().toString().replaceAll("/$", "")
                              + "/cgi-bin/stable_token"))
                  .timeout(Duration.ofSeconds(5))
                  .header("Content-Type", "application/json")
                  .POST(HttpRequest.BodyPublishers.ofString(body))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new Unavailable("WeChat's token service did not answer", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new Unavailable("interrupted", e);
    }
    JsonNode answer;
    try {
      answer = Json.mapper().readTree(response.body());
    } catch (IOException e) {
      throw new Unavailable("WeChat's token service answered no JSON", e);
    }
    String token = answer.path("access_token").asText("");
    long seconds = answer.path("expires_in").asLong(0);
    if (response.statusCode() != 200 || token.isEmpty() || seconds <= 0) {
      // never the secret or the body in the message: the code is enough to act on
      throw new Unavailable(
          "WeChat gave no access token (errcode " + answer.path("errcode").asInt(0) + ")", null);
    }
    return new PlatformToken(token, clock.instant().plusSeconds(seconds));
  }
}
