package fairslot.messaging.payments;

import fairslot.shared.HmacSha256;
import fairslot.shared.Log;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;

/**
 * The provider webhook's signature: {@code sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">},
 * with the timestamp (unix seconds) no more than 300 s from now, either way.
 */
public final class WebhookSignature {
  public static final Duration TOLERANCE = Duration.ofSeconds(300);
  public static final String TIMESTAMP_HEADER = "X-Fairslot-Timestamp";
  public static final String SIGNATURE_HEADER = "X-Fairslot-Signature";

  private final byte[] secret;

  /** A blank secret is refused: it would make every signature trivially forgeable. */
  public WebhookSignature(String secret) {
    if (secret == null || secret.isBlank()) {
      throw new IllegalArgumentException("the payment webhook secret is blank");
    }
    this.secret = secret.getBytes(StandardCharsets.UTF_8);
  }

  private WebhookSignature() {
    this.secret = null;
  }

  /**
   * No secret configured (a deployment without one): every webhook is refused, each with an ERROR
   * line.
   */
  public static WebhookSignature refusingAll() {
    return new WebhookSignature();
  }

  public String sign(long timestamp, String rawBody) {
    if (secret == null) {
      throw new IllegalStateException("no webhook secret to sign with");
    }
    return "sha256=" + HexFormat.of().formatHex(mac(timestamp + "." + rawBody));
  }

  /** True only for a well-formed, matching signature over a fresh timestamp. */
  public boolean verify(
      Optional<String> timestamp, Optional<String> signature, String rawBody, Instant now) {
    if (secret == null) {
      Log.error(
          "payment webhook refused: no webhook secret is configured",
          Map.of("variable", "FAIRSLOT_PAYMENT_SECRET"));
      return false;
    }
    if (timestamp.isEmpty() || signature.isEmpty() || !signature.get().startsWith("sha256=")) {
      return false;
    }
    long ts;
    try {
      ts = Long.parseLong(timestamp.get().trim());
    } catch (NumberFormatException e) {
      return false;
    }
    // Compared without subtracting: now - ts overflows for a timestamp near Long.MIN_VALUE.
    long earliest = now.getEpochSecond() - TOLERANCE.toSeconds();
    long latest = now.getEpochSecond() + TOLERANCE.toSeconds();
    if (ts < earliest || ts > latest) {
      return false;
    }
    byte[] given;
    try {
      given = HexFormat.of().parseHex(signature.get().substring("sha256=".length()).trim());
    } catch (IllegalArgumentException e) {
      return false;
    }
    return MessageDigest.isEqual(mac(ts + "." + rawBody), given);
  }

  private byte[] mac(String text) {
    return HmacSha256.of(secret, text);
  }
}
