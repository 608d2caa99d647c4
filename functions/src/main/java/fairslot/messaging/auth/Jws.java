package fairslot.messaging.auth;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.shared.Json;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.Signature;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A JSON Web Signature in compact form, with the JDK's own crypto: HS256 for fairslot's tokens,
 * RS256 for Cognito's. The caller names the one algorithm it accepts, so a token cannot choose its
 * own ({@code none}, or HS256 keyed with a public key); a token with critical headers, or larger
 * than {@link #MAX_CHARS}, is refused unread.
 */
public record Jws(JsonNode header, JsonNode claims, String signingInput, byte[] signature) {
  public static final int MAX_CHARS = 8 * 1024;
  private static final Base64.Decoder DECODER = Base64.getUrlDecoder();
  private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

  /** The token's parts, if it is three base64url parts whose first two are JSON objects. */
  public static Optional<Jws> parse(String token) {
    if (token == null || token.length() > MAX_CHARS) {
      return Optional.empty();
    }
    String[] parts = token.split("\\.", -1);
    if (parts.length != 3) {
      return Optional.empty();
    }
    try {
      JsonNode header = Json.mapper().readTree(DECODER.decode(parts[0]));
      JsonNode claims = Json.mapper().readTree(DECODER.decode(parts[1]));
      byte[] signature = DECODER.decode(parts[2]);
      if (header == null || !header.isObject() || claims == null || !claims.isObject()) {
        return Optional.empty();
      }
      if (header.has("crit")) {
        return Optional.empty();
      }
      return Optional.of(new Jws(header, claims, parts[0] + "." + parts[1], signature));
    } catch (Exception notAToken) {
      return Optional.empty();
    }
  }

  public String alg() {
    return header.path("alg").asText("");
  }

  public String kid() {
    return header.path("kid").asText("");
  }

  /** HS256 with {@code key}, compared in constant time. */
  public boolean verifiesHs256(byte[] key) {
    return alg().equals("HS256")
        && MessageDigest.isEqual(
            hs256(key, signingInput.getBytes(StandardCharsets.US_ASCII)), signature);
  }

  /** RS256 with {@code key}. */
  public boolean verifiesRs256(PublicKey key) {
    if (!alg().equals("RS256")) {
      return false;
    }
    try {
      Signature rsa = Signature.getInstance("SHA256withRSA");
      rsa.initVerify(key);
      rsa.update(signingInput.getBytes(StandardCharsets.US_ASCII));
      return rsa.verify(signature);
    } catch (GeneralSecurityException | IllegalArgumentException invalid) {
      return false;
    }
  }

  /** A compact HS256 token of {@code claims}, its header naming {@code kid}. */
  public static String signHs256(String kid, JsonNode claims, byte[] key) {
    String header =
        encode(Json.write(Json.object().put("alg", "HS256").put("typ", "JWT").put("kid", kid)));
    String input = header + "." + encode(Json.write(claims));
    return input
        + "."
        + ENCODER.encodeToString(hs256(key, input.getBytes(StandardCharsets.US_ASCII)));
  }

  public static byte[] hs256(byte[] key, byte[] data) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return mac.doFinal(data);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is missing from this JDK", e);
    }
  }

  public static String encode(byte[] bytes) {
    return ENCODER.encodeToString(bytes);
  }

  private static String encode(String text) {
    return encode(text.getBytes(StandardCharsets.UTF_8));
  }
}
