package fairslot.handler;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import fairslot.auth.app.OwnTokens;
import fairslot.auth.app.TokenCheck;
import fairslot.auth.domain.AccessClaims;
import fairslot.auth.domain.TokenKeys;
import fairslot.auth.domain.VerifiedCaller;
import fairslot.handler.internal.SnapStartPriming;
import fairslot.messaging.auth.CognitoTokens;
import fairslot.messaging.auth.HmacTokens;
import fairslot.messaging.auth.SecretTokenKeys;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The HTTP API's Lambda authorizer (simple responses, payload 2.0): it lets in a bearer token of
 * Cognito's user pool (staff, and members who sign in by e-mail) or one of fairslot's own (members
 * who signed in with WeChat), and hands the handler {@code sub} and {@code groups}. An HTTP API
 * route takes one authorizer and a JWT authorizer trusts one issuer, hence this function; API
 * Gateway caches its answer per token for five minutes. Tokens are never logged.
 */
public final class AuthorizerHandler
    implements RequestHandler<Map<String, Object>, Map<String, Object>> {
  public static final String USER_POOL_ENV = "FAIRSLOT_USER_POOL_ID";
  public static final String CLIENTS_ENV = "FAIRSLOT_USER_POOL_CLIENTS";

  private final TokenCheck tokens;

  /** Lambda's constructor: both checks from the environment, made once per container. */
  public AuthorizerHandler() {
    this(fromEnvironment(System.getenv(), Clock.systemUTC()));
    SnapStartPriming.beforeSnapshot(this::prime);
  }

  /**
   * Before the snapshot: a token of each kind, refused, so both checks' code (Jackson, HMAC, RSA)
   * and the user pool's JWKS fetch (TLS, the HTTP client) are warm in every restored sandbox.
   */
  void prime() {
    TokenKeys throwaway = SecretTokenKeys.random();
    String own =
        new HmacTokens()
            .sign(
                new AccessClaims(
                    OwnTokens.ISSUER, OwnTokens.AUDIENCE, "snapstart-priming", "access", 0, 0),
                throwaway.current());
    Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
    String cognitoShaped =
        b64.encodeToString("{\"alg\":\"RS256\",\"kid\":\"priming\"}".getBytes(UTF_8))
            + "."
            + b64.encodeToString("{}".getBytes(UTF_8))
            + ".AA";
    for (String token : List.of(own, cognitoShaped)) {
      handleRequest(Map.of("headers", Map.of("authorization", "Bearer " + token)), null);
    }
  }

  public AuthorizerHandler(TokenCheck tokens) {
    this.tokens = tokens;
  }

  static TokenCheck fromEnvironment(Map<String, String> env, Clock clock) {
    List<TokenCheck> checks = new ArrayList<>();
    checks.add(new OwnTokens(SecretTokenKeys.fromEnvironment(env, clock), new HmacTokens(), clock));
    String pool = env.get(USER_POOL_ENV);
    if (pool != null && !pool.isBlank()) {
      Set<String> clients =
          Arrays.stream(env.getOrDefault(CLIENTS_ENV, "").split(","))
              .map(String::strip)
              .filter(c -> !c.isEmpty())
              .collect(Collectors.toUnmodifiableSet());
      checks.add(
          new CognitoTokens(
              CognitoTokens.issuer(env.getOrDefault("AWS_REGION", "us-east-1"), pool),
              clients,
              CognitoTokens.httpGet(),
              clock));
    }
    return TokenCheck.anyOf(checks);
  }

  @Override
  public Map<String, Object> handleRequest(Map<String, Object> event, Context context) {
    Optional<VerifiedCaller> caller = bearer(event).flatMap(tokens::check);
    if (caller.isEmpty()) {
      return Map.of("isAuthorized", false);
    }
    return Map.of(
        "isAuthorized",
        true,
        "context",
        Map.of("sub", caller.get().sub(), "groups", caller.get().groupsClaim()));
  }

  /** The token of the Authorization header, with or without its {@code Bearer} scheme. */
  static Optional<String> bearer(Map<String, Object> event) {
    if (!(event.get("headers") instanceof Map<?, ?> headers)) {
      return Optional.empty();
    }
    for (Map.Entry<?, ?> header : headers.entrySet()) {
      if (String.valueOf(header.getKey()).toLowerCase(Locale.ROOT).equals("authorization")
          && header.getValue() instanceof String value) {
        String token = value.strip();
        if (token.regionMatches(true, 0, "Bearer ", 0, 7)) {
          token = token.substring(7).strip();
        }
        return token.isEmpty() ? Optional.empty() : Optional.of(token);
      }
    }
    return Optional.empty();
  }
}
