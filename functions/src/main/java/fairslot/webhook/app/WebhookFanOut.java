package fairslot.webhook.app;

import fairslot.webhook.domain.Delivery;
import fairslot.webhook.domain.DeliveryState;
import fairslot.webhook.domain.Webhook;
import fairslot.webhook.domain.WebhookEvent;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The changes read from the table's stream become one delivery per subscription that wants them. A
 * change handed over twice makes the same deliveries (their ids derive from the change), which the
 * store writes once.
 */
public final class WebhookFanOut {
  private final WebhookStore store;
  private final Clock clock;

  public WebhookFanOut(WebhookStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
  }

  /** Records the deliveries of {@code events} (in stream order); answers how many were new. */
  public int record(List<WebhookEvent> events) {
    Map<String, List<Webhook>> byVenue = new HashMap<>();
    // Due from now, by the clock the job reads (the change's own time is the stream's).
    Instant now = clock.instant();
    int written = 0;
    for (WebhookEvent event : events) {
      for (Webhook w : byVenue.computeIfAbsent(event.venueId(), store::webhooksOf)) {
        if (!w.wants(event.type()) || event.createdAt().isBefore(w.createdAt())) {
          continue; // a subscription hears of changes made after it, not of older ones
        }
        Delivery d =
            new Delivery(
                w.webhookId(),
                Delivery.idFor(w.webhookId(), event),
                event,
                Optional.empty(),
                DeliveryState.PENDING,
                0,
                now,
                Optional.of(now),
                0);
        if (store.record(d)) {
          written++;
        }
      }
    }
    return written;
  }
}
