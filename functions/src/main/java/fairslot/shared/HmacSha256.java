package fairslot.shared;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * HMAC-SHA256, the one keyed digest fairslot signs and checks with: webhook and provider
 * signatures, calendar feed tokens, ticket keys. Every JDK has it, so its absence is a broken
 * runtime, not an outcome.
 */
public final class HmacSha256 {
  private HmacSha256() {}

  public static byte[] of(byte[] key, byte[] message) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return mac.doFinal(message);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The digest of {@code message} as UTF-8. */
  public static byte[] of(byte[] key, String message) {
    return of(key, message.getBytes(StandardCharsets.UTF_8));
  }
}
