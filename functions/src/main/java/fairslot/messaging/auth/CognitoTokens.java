package fairslot.messaging.auth;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.auth.app.TokenCheck;
import fairslot.auth.domain.VerifiedCaller;
import fairslot.shared.Json;
import java.io.IOException;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.RSAPublicKeySpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Cognito's tokens, checked as API Gateway's JWT authorizer checked them: RS256 under a key of the
 * user pool's JWKS, the pool as issuer, an app client of ours as audience ({@code aud} of an ID
 * token, {@code client_id} of an access token), not expired. The JWKS is fetched on first need and
 * again for a kid it lacks (Cognito added a key), at most once a minute.
 */
public final class CognitoTokens implements TokenCheck {
  private static final Duration SKEW = Duration.ofSeconds(60);
  private static final Duration REFETCH = Duration.ofMinutes(1);

  private final String issuer;
  private final Set<String> clients;
  private final Function<String, String> fetch;
  private final Clock clock;
  private Map<String, PublicKey> keys = Map.of();
  private Instant fetchedAt = Instant.EPOCH;

  public CognitoTokens(
      String issuer, Set<String> clients, Function<String, String> fetch, Clock clock) {
    this.issuer = issuer.replaceAll("/$", "");
    this.clients = Set.copyOf(clients);
    this.fetch = fetch;
    this.clock = clock;
  }

  /** The user pool's issuer URL. */
  public static String issuer(String region, String userPoolId) {
    return "https://cognito-idp." + region + ".amazonaws.com/" + userPoolId;
  }

  /** A GET over HTTPS, for the JWKS. */
  public static Function<String, String> httpGet() {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();
    return url -> {
      try {
        return http.send(
                HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build(),
                HttpResponse.BodyHandlers.ofString())
            .body();
      } catch (IOException e) {
        throw new IllegalStateException("the user pool's keys did not load", e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted", e);
      }
    };
  }

  @Override
  public Optional<VerifiedCaller> check(String token) {
    Optional<Jws> parsed = Jws.parse(token);
    if (parsed.isEmpty() || !parsed.get().alg().equals("RS256")) {
      return Optional.empty();
    }
    Jws jws = parsed.get();
    Optional<PublicKey> key = key(jws.kid());
    if (key.isEmpty() || !jws.verifiesRs256(key.get())) {
      return Optional.empty();
    }
    JsonNode claims = jws.claims();
    String use = claims.path("token_use").asText("");
    String client =
        use.equals("id") ? claims.path("aud").asText("") : claims.path("client_id").asText("");
    long now = clock.instant().getEpochSecond();
    String sub = claims.path("sub").asText("");
    if (!issuer.equals(claims.path("iss").asText())
        || !(use.equals("id") || use.equals("access"))
        || !clients.contains(client)
        || !claims.path("exp").canConvertToLong()
        || claims.path("exp").asLong() + SKEW.toSeconds() <= now
        || sub.isBlank()) {
      return Optional.empty();
    }
    Set<String> groups = new HashSet<>();
    claims.path("cognito:groups").forEach(g -> groups.add(g.asText()));
    return Optional.of(new VerifiedCaller(sub, groups));
  }

  private synchronized Optional<PublicKey> key(String kid) {
    if (!keys.containsKey(kid)
        && Duration.between(fetchedAt, clock.instant()).compareTo(REFETCH) >= 0) {
      fetchedAt = clock.instant();
      keys = parse(fetch.apply(issuer + "/.well-known/jwks.json"));
    }
    return Optional.ofNullable(keys.get(kid));
  }

  /** The RSA keys of a JWKS document; anything else in it is skipped. */
  static Map<String, PublicKey> parse(String jwks) {
    Map<String, PublicKey> found = new HashMap<>();
    try {
      for (JsonNode k : Json.mapper().readTree(jwks).path("keys")) {
        if (k.path("kty").asText().equals("RSA") && k.hasNonNull("kid")) {
          Base64.Decoder b64 = Base64.getUrlDecoder();
          RSAPublicKeySpec spec =
              new RSAPublicKeySpec(
                  new BigInteger(1, b64.decode(k.path("n").asText())),
                  new BigInteger(1, b64.decode(k.path("e").asText())));
          found.put(k.path("kid").asText(), KeyFactory.getInstance("RSA").generatePublic(spec));
        }
      }
    } catch (IOException | GeneralSecurityException | IllegalArgumentException unreadable) {
      return Map.of();
    }
    return Map.copyOf(found);
  }
}
