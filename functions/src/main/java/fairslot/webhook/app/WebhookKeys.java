package fairslot.webhook.app;

/**
 * Port: each subscription's signing secret, derived from the deployment's key and its id (so none
 * is stored), and the signature of a body with it (API.md v1.2: {@code t=<unix>,v1=<hex
 * HMAC-SHA256(secret, t + "." + body)>}).
 */
public interface WebhookKeys {
  /** The subscription's secret, as its creator was shown it. */
  String secretOf(String webhookId);

  /** The {@code Fairslot-Signature} header of {@code body} sent at {@code unixSeconds}. */
  String signature(String webhookId, long unixSeconds, String body);
}
