package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jwt.JWTClaimsSet;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class Hs256JwtTest {
  private static final Instant NOW = Instant.parse("2026-11-30T10:00:00Z");
  private final Hs256Jwt jwt = new Hs256Jwt("local-dev-secret", Clock.fixed(NOW, ZoneOffset.UTC));

  private static JWTClaimsSet.Builder valid() {
    return new JWTClaimsSet.Builder()
        .subject("u1")
        .claim("cognito:groups", List.of("admin"))
        .issueTime(Date.from(NOW.minusSeconds(10)))
        .expirationTime(Date.from(NOW.plusSeconds(600)));
  }

  @Test
  void aTokenFromLocalTokenCarriesSubAndGroups() {
    var claims =
        jwt.verify(jwt.sign("u1", List.of("admin", "finance"), Duration.ofHours(12))).orElseThrow();
    assertThat(claims.get("sub").asText()).isEqualTo("u1");
    assertThat(claims.get("cognito:groups").toString()).isEqualTo("[\"admin\",\"finance\"]");
  }

  private static String b64(String json) {
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(json.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void aTokenSignedElsewhereWithTheContractsDefaultSecretIsAccepted() throws Exception {
    Base64.Encoder encoder = Base64.getUrlEncoder().withoutPadding();
    String header = b64("{\"alg\":\"HS256\",\"typ\":\"JWT\"}");
    String payload =
        b64(
            "{\"sub\":\"u9\",\"iat\":"
                + NOW.getEpochSecond()
                + ",\"exp\":"
                + (NOW.getEpochSecond() + 60)
                + "}");
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec("local-dev-secret".getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    String token =
        header
            + "."
            + payload
            + "."
            + encoder.encodeToString(
                mac.doFinal((header + "." + payload).getBytes(StandardCharsets.US_ASCII)));
    assertThat(jwt.verify(token)).isPresent();
  }

  @Test
  void aTokenWithoutExpiryIsRefused() {
    assertThat(jwt.verify(jwt.sign(valid().expirationTime(null).build()))).isEmpty();
  }

  @Test
  void aTokenWithoutIssueTimeIsRefused() {
    assertThat(jwt.verify(jwt.sign(valid().issueTime(null).build()))).isEmpty();
  }

  @Test
  void anExpiredTokenIsRefusedOnceTheSkewHasPassed() {
    assertThat(
            jwt.verify(jwt.sign(valid().expirationTime(Date.from(NOW.minusSeconds(30))).build())))
        .isPresent();
    assertThat(
            jwt.verify(jwt.sign(valid().expirationTime(Date.from(NOW.minusSeconds(61))).build())))
        .isEmpty();
  }

  @Test
  void aTokenNotYetValidIsRefusedBeyondTheSkew() {
    assertThat(jwt.verify(jwt.sign(valid().notBeforeTime(Date.from(NOW.plusSeconds(30))).build())))
        .isPresent();
    assertThat(jwt.verify(jwt.sign(valid().notBeforeTime(Date.from(NOW.plusSeconds(120))).build())))
        .isEmpty();
  }

  @Test
  void aTokenIssuedInTheFutureIsRefused() {
    assertThat(jwt.verify(jwt.sign(valid().issueTime(Date.from(NOW.plusSeconds(3600))).build())))
        .isEmpty();
  }

  @Test
  void aTokenOverEightKibIsRefusedEvenWhenSigned() {
    String big = jwt.sign(valid().claim("padding", "x".repeat(Hs256Jwt.MAX_BYTES)).build());
    assertThat(big.length()).isGreaterThan(Hs256Jwt.MAX_BYTES);
    assertThat(jwt.verify(big)).isEmpty();
  }

  @Test
  void aTokenWithoutSubjectIsRefused() {
    assertThat(jwt.verify(jwt.sign(valid().subject(null).build()))).isEmpty();
  }

  @Test
  void unsignedAndOtherAlgorithmTokensAreRefused() {
    String[] parts = jwt.sign(valid().build()).split("\\.");
    String none = b64("{\"alg\":\"none\"}");
    String hs512 = b64("{\"alg\":\"HS512\"}");
    assertThat(jwt.verify(none + "." + parts[1] + ".")).isEmpty();
    assertThat(jwt.verify(hs512 + "." + parts[1] + "." + parts[2])).isEmpty();
    assertThat(jwt.verify("garbage")).isEmpty();
    assertThat(jwt.verify(parts[0] + "." + parts[1] + ".AAAA")).isEmpty();
  }

  @Test
  void aTokenSignedWithAnotherSecretIsRefused() {
    String forged =
        new Hs256Jwt("another-secret", Clock.fixed(NOW, ZoneOffset.UTC)).sign(valid().build());
    assertThat(jwt.verify(forged)).isEmpty();
  }
}
