package fairslot.handler.integration;

import fairslot.auth.app.SessionTokens;
import fairslot.auth.domain.Session;
import fairslot.handler.http.Endpoints;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.Problems;
import fairslot.handler.internal.RequestBody;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.member.app.WechatSignIn;
import fairslot.member.app.WechatSignIn.SignedIn;
import java.util.List;
import java.util.Set;

/**
 * Signing in with WeChat and refreshing fairslot's own tokens (v1.3 "WeChat members"). Both are
 * public routes: the code or the refresh token is the proof. A code WeChat refuses is 401 here (it
 * is the credential), where the same refusal on {@code /me/phone/wechat} is 422. Token answers are
 * never cached.
 */
public final class AuthEndpoints implements Endpoints {
  private final WechatSignIn signIn;
  private final SessionTokens sessions;

  public AuthEndpoints(WechatSignIn signIn, SessionTokens sessions) {
    this.signIn = signIn;
    this.sessions = sessions;
  }

  /** What a sign-in answers. */
  public record SignInView(
      String token, long expiresIn, String refreshToken, String userId, boolean isNew) {}

  /** What a refresh answers. */
  public record SessionView(String token, long expiresIn, String refreshToken, String userId) {
    static SessionView of(Session s) {
      return new SessionView(s.token(), s.expiresIn(), s.refreshToken(), s.userId());
    }
  }

  @Override
  public List<String> routeKeys() {
    return List.of("POST /auth/wechat", "POST /auth/refresh");
  }

  @Override
  public HttpResponse handle(String routeKey, HttpRequest request) {
    HttpResponse response =
        switch (routeKey) {
          case "POST /auth/wechat" -> wechat(request);
          case "POST /auth/refresh" -> refresh(request);
          default -> throw Endpoints.notServed(routeKey);
        };
    return response.withHeader("cache-control", "no-store");
  }

  private HttpResponse wechat(HttpRequest request) {
    RequestBody body = request.json().onlyFields("WeChat sign-in", Set.of("code"));
    Outcome<SignedIn> outcome = signIn.signIn(body.longText("code", 128));
    if (outcome instanceof Outcome.Done<SignedIn> done) {
      Session s = done.value().session();
      return HttpResponse.json(
          200,
          new SignInView(
              s.token(), s.expiresIn(), s.refreshToken(), s.userId(), done.value().isNew()));
    }
    Outcome.Refused<?> refused = (Outcome.Refused<?>) outcome;
    int status =
        refused.refusal() == Refusal.INVALID_CODE ? 401 : Problems.status(refused.refusal());
    return Problems.of(refused.refusal(), status, refused.detail(), refused.extras());
  }

  private HttpResponse refresh(HttpRequest request) {
    RequestBody body = request.json().onlyFields("refresh", Set.of("refreshToken"));
    Outcome<Session> outcome = sessions.refresh(body.longText("refreshToken", 300));
    if (outcome instanceof Outcome.Done<Session> done) {
      return HttpResponse.json(200, SessionView.of(done.value()));
    }
    return Problems.of((Outcome.Refused<?>) outcome);
  }
}
