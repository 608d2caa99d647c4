package fairslot.webhook.app;

import fairslot.kernel.IdGenerator;
import fairslot.kernel.IdempotentRequest;
import fairslot.kernel.Outcome;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import fairslot.webhook.domain.Delivery;
import fairslot.webhook.domain.DeliveryState;
import fairslot.webhook.domain.Webhook;
import fairslot.webhook.domain.WebhookEventType;
import java.net.URI;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** A venue's webhook subscriptions, and its deliveries' history and hand retries. */
public final class Webhooks {
  private final WebhookStore store;
  private final WebhookUrls urls;
  private final WebhookKeys keys;
  private final Clock clock;
  private final IdGenerator ids;

  public Webhooks(
      WebhookStore store, WebhookUrls urls, WebhookKeys keys, Clock clock, IdGenerator ids) {
    this.store = store;
    this.urls = urls;
    this.keys = keys;
    this.clock = clock;
    this.ids = ids;
  }

  /** A subscription made, with its secret (shown this once, and to a twin request). */
  public record Subscription(Webhook webhook, String secret) {}

  public Outcome<Subscription> subscribe(
      String venueId, String url, Set<WebhookEventType> events, Optional<IdempotentRequest> key) {
    if (events.isEmpty()) {
      return Outcome.refused(Refusal.INVALID_REQUEST, "events must name at least one event");
    }
    Optional<String> refused = urls.refusal(url);
    if (refused.isPresent()) {
      return Outcome.refused(Refusal.INVALID_URL, refused.get(), Map.of("url", url));
    }
    Webhook asked =
        new Webhook(ids.idFor(key, "webhook"), venueId, URI.create(url), events, clock.instant());
    WebhookStore.Subscribed made = store.create(asked, Webhook.MAX_PER_VENUE);
    if (made instanceof WebhookStore.Subscribed.Created c) {
      return Outcome.done(withSecret(c.webhook()));
    }
    if (made instanceof WebhookStore.Subscribed.Existing e) {
      return Outcome.done(withSecret(e.webhook()));
    }
    int cap = ((WebhookStore.Subscribed.AtCap) made).cap();
    return Outcome.refused(
        Refusal.WEBHOOK_LIMIT_REACHED,
        "the venue has " + cap + " webhooks, the most it may have",
        Map.of("limit", cap));
  }

  private Subscription withSecret(Webhook w) {
    return new Subscription(w, keys.secretOf(w.webhookId()));
  }

  public List<Webhook> webhooksOf(String venueId) {
    return store.webhooksOf(venueId);
  }

  public Optional<Webhook> webhook(String venueId, String webhookId) {
    return store.find(venueId, webhookId);
  }

  public boolean delete(String venueId, String webhookId) {
    return store.delete(venueId, webhookId);
  }

  /** The subscription's deliveries, newest first; empty if it is not the venue's. */
  public Optional<Page<Delivery>> deliveries(String venueId, String webhookId, PageRequest page) {
    return store.find(venueId, webhookId).map(w -> store.deliveries(webhookId, page));
  }

  /**
   * A hand retry of a parked delivery: due now, retried for another 24 hours. A delivered one is
   * sent again too (a receiver that lost it asks); a pending one is already being tried.
   */
  public Outcome<Delivery> retry(String venueId, String webhookId, String deliveryId) {
    Optional<Delivery> found =
        store.find(venueId, webhookId).flatMap(w -> store.delivery(webhookId, deliveryId));
    if (found.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no such delivery of this webhook");
    }
    Delivery d = found.get();
    if (d.state() == DeliveryState.PENDING) {
      return Outcome.done(d);
    }
    // A retry that loses to another (a twin click) finds the delivery pending: the same answer.
    store.retry(d, clock.instant());
    return Outcome.done(store.delivery(webhookId, deliveryId).orElseThrow());
  }
}
