package fairslot.handler.internal;

import fairslot.shared.HmacSha256;
import fairslot.webhook.app.WebhookKeys;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Each subscription's secret is derived from the deployment's key and its id, so no secret is kept
 * in the table: it is shown once, at creation, and made again to sign each try. Signatures follow
 * API.md: {@code t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + body)>}.
 */
public final class WebhookKey implements WebhookKeys {
  private final byte[] deploymentKey;

  public WebhookKey(byte[] deploymentKey) {
    if (deploymentKey.length < 32) {
      throw new IllegalArgumentException("the webhook key needs 32 bytes or more");
    }
    this.deploymentKey = deploymentKey.clone();
  }

  @Override
  public String secretOf(String webhookId) {
    byte[] tag = hmac(deploymentKey, "webhook:" + webhookId);
    return "whsec_" + Base64.getUrlEncoder().withoutPadding().encodeToString(tag);
  }

  @Override
  public String signature(String webhookId, long unixSeconds, String body) {
    return sign(secretOf(webhookId), unixSeconds, body);
  }

  /** What a receiver computes with the secret it was shown (and what the tests check). */
  public static String sign(String secret, long unixSeconds, String body) {
    byte[] tag = hmac(secret.getBytes(StandardCharsets.UTF_8), unixSeconds + "." + body);
    return "t=" + unixSeconds + ",v1=" + HexFormat.of().formatHex(tag);
  }

  private static byte[] hmac(byte[] key, String message) {
    return HmacSha256.of(key, message);
  }
}
