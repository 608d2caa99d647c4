package fairslot.local;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The local stand-in for API Gateway's JWT authorizer: HS256 tokens signed with
 * FAIRSLOT_JWT_SECRET. Only HS256 is accepted (no "none", no algorithm switching).
 */
public final class Hs256Jwt {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
  private static final String HEADER = B64.encodeToString("{\"alg\":\"HS256\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8));

  private final byte[] secret;
  private final Clock clock;

  public Hs256Jwt(String secret, Clock clock) {
    this.secret = secret.getBytes(StandardCharsets.UTF_8);
    this.clock = clock;
  }

  public String sign(String sub, List<String> groups, Duration lifetime) {
    Map<String, Object> claims = new LinkedHashMap<>();
    claims.put("sub", sub);
    claims.put("cognito:groups", groups);
    long now = clock.instant().getEpochSecond();
    claims.put("iat", now);
    claims.put("exp", now + lifetime.toSeconds());
    try {
      String payload = B64.encodeToString(JSON.writeValueAsBytes(claims));
      return HEADER + "." + payload + "." + B64.encodeToString(mac(HEADER + "." + payload));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The token's claims if its signature, algorithm and expiry check out. */
  public Optional<JsonNode> verify(String token) {
    String[] parts = token.split("\\.", -1);
    if (parts.length != 3) {
      return Optional.empty();
    }
    try {
      JsonNode header = JSON.readTree(Base64.getUrlDecoder().decode(parts[0]));
      if (!"HS256".equals(header.path("alg").asText())) {
        return Optional.empty();
      }
      byte[] expected = mac(parts[0] + "." + parts[1]);
      if (!MessageDigest.isEqual(expected, Base64.getUrlDecoder().decode(parts[2]))) {
        return Optional.empty();
      }
      JsonNode claims = JSON.readTree(Base64.getUrlDecoder().decode(parts[1]));
      if (!claims.isObject() || !claims.path("sub").isTextual()
          || (claims.has("exp") && claims.get("exp").asLong() <= clock.instant().getEpochSecond())) {
        return Optional.empty();
      }
      return Optional.of(claims);
    } catch (IllegalArgumentException | java.io.IOException malformed) {
      return Optional.empty();
    }
  }

  private byte[] mac(String signingInput) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret, "HmacSHA256"));
      return mac.doFinal(signingInput.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException | InvalidKeyException e) {
      throw new IllegalStateException(e);
    }
  }
}
