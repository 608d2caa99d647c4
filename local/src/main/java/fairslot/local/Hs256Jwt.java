package fairslot.local;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.util.Base64URL;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The local stand-in for API Gateway's JWT authorizer: HS256 tokens signed with FAIRSLOT_JWT_SECRET
 * (the contract's local scheme). nimbus-jose-jwt parses the compact form, the header and the
 * claims; only HS256 with no critical headers is accepted (no "none", no algorithm switching). A
 * token must carry {@code sub}, {@code exp} and {@code iat}; {@code nbf} is honoured; the clock may
 * be {@link #SKEW} off either way; anything over {@link #MAX_BYTES} is refused unread.
 *
 * <p>The MAC itself is computed here with the JDK because nimbus refuses HMAC keys under 256 bits
 * (RFC 7518 §3.2), and the contract's default secret {@code local-dev-secret} is 128 bits.
 */
public final class Hs256Jwt {
  public static final int MAX_BYTES = 8 * 1024;
  public static final Duration SKEW = Duration.ofSeconds(60);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JWSHeader HEADER =
      new JWSHeader.Builder(JWSAlgorithm.HS256).type(JOSEObjectType.JWT).build();

  private final byte[] secret;
  private final Clock clock;

  public Hs256Jwt(String secret, Clock clock) {
    if (secret.isBlank()) {
      throw new IllegalArgumentException("the JWT secret is blank");
    }
    this.secret = secret.getBytes(StandardCharsets.UTF_8);
    this.clock = clock;
  }

  public String sign(String sub, List<String> groups, Duration lifetime) {
    Instant now = clock.instant();
    return sign(
        new JWTClaimsSet.Builder()
            .subject(sub)
            .claim("cognito:groups", groups)
            .issueTime(Date.from(now))
            .expirationTime(Date.from(now.plus(lifetime)))
            .build());
  }

  /** Signs any claims as given (tests use it to build tokens that must be refused). */
  public String sign(JWTClaimsSet claims) {
    Base64URL header = HEADER.toBase64URL();
    Base64URL payload = Base64URL.encode(claims.toString());
    String signingInput = header + "." + payload;
    return signingInput
        + "."
        + Base64URL.encode(mac(signingInput.getBytes(StandardCharsets.US_ASCII)));
  }

  /** The token's claims if its size, algorithm, signature and times check out. */
  public Optional<JsonNode> verify(String token) {
    if (token.length() > MAX_BYTES) {
      return Optional.empty();
    }
    try {
      SignedJWT jwt = SignedJWT.parse(token);
      JWSHeader header = jwt.getHeader();
      if (!JWSAlgorithm.HS256.equals(header.getAlgorithm())
          || header.getCriticalParams() != null
          || !MessageDigest.isEqual(mac(jwt.getSigningInput()), jwt.getSignature().decode())) {
        return Optional.empty();
      }
      JWTClaimsSet claims = jwt.getJWTClaimsSet();
      return timely(claims) && claims.getSubject() != null && !claims.getSubject().isBlank()
          ? Optional.of(JSON.valueToTree(claims.toJSONObject()))
          : Optional.empty();
    } catch (ParseException | IllegalArgumentException malformed) {
      return Optional.empty();
    }
  }

  private boolean timely(JWTClaimsSet claims) {
    Instant now = clock.instant();
    Date exp = claims.getExpirationTime();
    Date iat = claims.getIssueTime();
    Date nbf = claims.getNotBeforeTime();
    return exp != null
        && exp.toInstant().isAfter(now.minus(SKEW))
        && iat != null
        && !iat.toInstant().isAfter(now.plus(SKEW))
        && (nbf == null || !nbf.toInstant().isAfter(now.plus(SKEW)));
  }

  private byte[] mac(byte[] signingInput) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret, "HmacSHA256"));
      return mac.doFinal(signingInput);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}
