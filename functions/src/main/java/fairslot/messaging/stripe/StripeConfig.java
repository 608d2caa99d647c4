package fairslot.messaging.stripe;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.shared.Json;
import java.io.IOException;
import java.net.URI;
import java.util.Optional;

/**
 * A Stripe account's settings as kept in its secret: the secret API key, the webhook endpoint's
 * signing secret, and the API base (Stripe's, unless the local fake's).
 */
public record StripeConfig(String secretKey, String webhookSecret, URI apiBase) {
  public static final URI API = URI.create("https://api.stripe.com");

  /**
   * The pinned API version (stripe-node 23.1.0's): every request names it, so the account's default
   * never decides the shapes fairslot parses; the webhook endpoint is set to the same version.
   * Moving it is a deliberate change (docs/payments-and-holds.md).
   */
  public static final String API_VERSION = "2026-10-28.endive";

  /** Empty while the secret is the stack's placeholder {@code {"enabled":false}}. */
  public static Optional<StripeConfig> fromSecret(String secret) {
    JsonNode n;
    try {
      n = Json.mapper().readTree(secret);
    } catch (IOException e) {
      throw new IllegalStateException("the Stripe secret is not JSON");
    }
    if (!n.path("enabled").asBoolean(true)) {
      return Optional.empty();
    }
    String key = n.path("secretKey").asText("");
    String webhook = n.path("webhookSecret").asText("");
    if (!key.startsWith("sk_") || !webhook.startsWith("whsec_")) {
      throw new IllegalStateException(
          "the Stripe secret needs secretKey sk_... and webhookSecret whsec_...");
    }
    return Optional.of(
        new StripeConfig(
            key, webhook, n.hasNonNull("apiBase") ? URI.create(n.get("apiBase").asText()) : API));
  }
}
