package fairslot.webhook.domain;

import java.net.URI;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/** A venue's subscription: where its chosen changes are POSTed. Its secret is never stored. */
public record Webhook(
    String webhookId, String venueId, URI url, Set<WebhookEventType> events, Instant createdAt) {

  /** Most subscriptions a venue may hold (each event is one delivery per subscription). */
  public static final int MAX_PER_VENUE = 10;

  public Webhook {
    if (events.isEmpty()) {
      throw new IllegalArgumentException("a webhook subscribes to at least one event");
    }
    events = Collections.unmodifiableSet(EnumSet.copyOf(events));
  }

  public boolean wants(WebhookEventType type) {
    return events.contains(type);
  }
}
