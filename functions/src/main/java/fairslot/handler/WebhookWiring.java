package fairslot.handler;

import fairslot.aws.Secrets;
import fairslot.catalog.app.CatalogStore;
import fairslot.handler.internal.WebhookKey;
import fairslot.kernel.IdGenerator;
import fairslot.messaging.webhooks.HttpWebhookTransport;
import fairslot.webhook.app.WebhookFanOut;
import fairslot.webhook.app.WebhookKeys;
import fairslot.webhook.app.WebhookSender;
import fairslot.webhook.app.WebhookStore;
import fairslot.webhook.app.WebhookTransport;
import fairslot.webhook.app.WebhookUrls;
import fairslot.webhook.app.Webhooks;
import fairslot.webhook.store.DynamoDbWebhookStore;
import fairslot.webhook.store.WebhookStreamRecords;
import java.time.Clock;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The outbound webhooks' parts, made once per container. Secrets derive from
 * FAIRSLOT_WEBHOOK_SECRET (in AWS read from Secrets Manager through FAIRSLOT_WEBHOOK_SECRET_ARN,
 * the function failing its init if unreadable), or from a random key per process where neither is
 * set (a local run: secrets then last as long as the process). Only the local runtime sets
 * FAIRSLOT_WEBHOOK_LOOPBACK (or the system property fairslot.webhooks.loopback), which also allows
 * {@code http://127.0.0.1}.
 */
public final class WebhookWiring {
  private final Webhooks webhooks;
  private final WebhookFanOut fanOut;
  private final WebhookSender sender;
  private final WebhookStreamRecords records;

  WebhookWiring(
      DynamoDbClient dynamo,
      String table,
      Clock clock,
      IdGenerator ids,
      CatalogStore catalog,
      WebhookTransport transport) {
    WebhookStore store = new DynamoDbWebhookStore(dynamo, table);
    WebhookUrls urls = WebhookUrls.system(loopbackAllowed());
    WebhookKeys keys = new LazyKey();
    this.webhooks = new Webhooks(store, urls, keys, clock, ids);
    this.fanOut = new WebhookFanOut(store, clock);
    this.sender = new WebhookSender(store, transport, urls, keys, clock);
    this.records =
        new WebhookStreamRecords(
            slotId ->
                catalog
                    .findSlot(slotId)
                    .map(
                        s ->
                            new WebhookStreamRecords.SlotPlace(
                                s.venueId(),
                                s.resourceId(),
                                s.interval().start(),
                                s.interval().end())));
  }

  WebhookWiring(DynamoDbClient dynamo, String table, Clock clock, IdGenerator ids, CatalogStore c) {
    this(dynamo, table, clock, ids, c, new HttpWebhookTransport());
  }

  static boolean loopbackAllowed() {
    return Boolean.getBoolean("fairslot.webhooks.loopback")
        || "true".equals(System.getenv("FAIRSLOT_WEBHOOK_LOOPBACK"));
  }

  public Webhooks webhooks() {
    return webhooks;
  }

  public WebhookFanOut fanOut() {
    return fanOut;
  }

  public WebhookSender sender() {
    return sender;
  }

  public WebhookStreamRecords records() {
    return records;
  }

  /**
   * The key is read once per container, at first use: only a subscription's creation and the
   * deliveries job need it, so no other function's cold start pays for the secret's read.
   */
  private static final class Key {
    static final WebhookKey KEY =
        new WebhookKey(Secrets.keyOrPerProcess("FAIRSLOT_WEBHOOK_SECRET"));
  }

  private static final class LazyKey implements WebhookKeys {
    @Override
    public String secretOf(String webhookId) {
      return Key.KEY.secretOf(webhookId);
    }

    @Override
    public String signature(String webhookId, long unixSeconds, String body) {
      return Key.KEY.signature(webhookId, unixSeconds, body);
    }
  }
}
