package fairslot.messaging.auth;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.shared.Json;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** Compact JWS with the JDK: HS256 round trips; a token cannot pick its algorithm or grow. */
class JwsTest {
  private static final byte[] KEY =
      "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.UTF_8);

  @Test
  void anHs256TokenVerifiesUnderItsKeyOnlyAndUnaltered() {
    String token = Jws.signHs256("k1", Json.object().put("sub", "u1"), KEY);
    Jws jws = Jws.parse(token).orElseThrow();

    assertThat(jws.kid()).isEqualTo("k1");
    assertThat(jws.claims().path("sub").asText()).isEqualTo("u1");
    assertThat(jws.verifiesHs256(KEY)).isTrue();
    assertThat(
            jws.verifiesHs256("another key, also thirty-two byte".getBytes(StandardCharsets.UTF_8)))
        .isFalse();
    String[] parts = token.split("\\.");
    String otherClaims =
        Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString("{\"sub\":\"admin\"}".getBytes(StandardCharsets.UTF_8));
    assertThat(
            Jws.parse(parts[0] + "." + otherClaims + "." + parts[2])
                .orElseThrow()
                .verifiesHs256(KEY))
        .isFalse();
  }

  @Test
  void aTokenNamingNoneOrCriticalHeadersOrTooLongOrMalformedIsRefused() {
    Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
    String none = b64.encodeToString("{\"alg\":\"none\"}".getBytes(StandardCharsets.UTF_8));
    String crit =
        b64.encodeToString("{\"alg\":\"HS256\",\"crit\":[\"x\"]}".getBytes(StandardCharsets.UTF_8));
    String claims = b64.encodeToString("{\"sub\":\"u\"}".getBytes(StandardCharsets.UTF_8));

    assertThat(Jws.parse(none + "." + claims + ".").orElseThrow().verifiesHs256(KEY)).isFalse();
    assertThat(Jws.parse(crit + "." + claims + ".AA")).isEmpty();
    assertThat(Jws.parse("a.b")).isEmpty();
    assertThat(Jws.parse("not.json.at-all")).isEmpty();
    assertThat(Jws.parse("x".repeat(Jws.MAX_CHARS + 1))).isEmpty();
  }

  @Test
  void anRs256SignatureVerifiesUnderItsPublicKeyAndAnHs256OneNeverDoes() throws Exception {
    KeyPair pair = KeyPairGenerator.getInstance("RSA").generateKeyPair();
    Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
    String input =
        b64.encodeToString("{\"alg\":\"RS256\",\"kid\":\"c1\"}".getBytes(StandardCharsets.UTF_8))
            + "."
            + b64.encodeToString("{\"sub\":\"u\"}".getBytes(StandardCharsets.UTF_8));
    Signature rsa = Signature.getInstance("SHA256withRSA");
    rsa.initSign(pair.getPrivate());
    rsa.update(input.getBytes(StandardCharsets.US_ASCII));
    String token = input + "." + b64.encodeToString(rsa.sign());

    assertThat(Jws.parse(token).orElseThrow().verifiesRs256(pair.getPublic())).isTrue();
    String hs = Jws.signHs256("c1", Json.object().put("sub", "u"), pair.getPublic().getEncoded());
    assertThat(Jws.parse(hs).orElseThrow().verifiesRs256(pair.getPublic())).isFalse();
  }
}
