package fairslot.webhook.app;

import fairslot.kernel.JobLoop;
import fairslot.kernel.JobReport;
import fairslot.webhook.domain.Delivery;
import fairslot.webhook.domain.DeliveryState;
import fairslot.webhook.domain.Webhook;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The webhook-deliveries job: each due delivery gets one try, claimed first so two workers never
 * send it at once. A subject's deliveries go in order: one whose earlier delivery is still pending
 * waits for it. A try answered 2xx ends it; any other answer, or none, waits twice as long as the
 * last (30 s up to an hour), and after 24 hours the delivery is parked for a hand retry.
 */
public final class WebhookSender {
  /** How long a delivery waits when the one before it (same subject) is still pending. */
  static final Duration BEHIND = Duration.ofSeconds(5);

  private final WebhookStore store;
  private final WebhookTransport transport;
  private final WebhookUrls urls;
  private final WebhookKeys keys;
  private final Clock clock;

  public WebhookSender(
      WebhookStore store,
      WebhookTransport transport,
      WebhookUrls urls,
      WebhookKeys keys,
      Clock clock) {
    this.store = store;
    this.transport = transport;
    this.urls = urls;
    this.keys = keys;
    this.clock = clock;
  }

  /**
   * One run fits its function's minute: it takes no new try after {@link #BUDGET}, and a
   * subscription that gave no answer (down, or black-holing) gets no second try in the same run, so
   * a dead receiver costs one timeout a run and never starves the venues behind it.
   */
  public JobReport sendDue(int limit) {
    var due = store.due(clock.instant(), limit);
    long stopAt = System.nanoTime() + BUDGET.toNanos();
    Set<String> silent = new HashSet<>();
    return JobLoop.run(
        "webhook-deliveries",
        due,
        due.size(),
        d ->
            System.nanoTime() > stopAt || silent.contains(d.webhookId())
                ? 0
                : JobLoop.one(attempt(d, silent)));
  }

  /** The most of its minute a run spends starting tries (each may then take up to 13 s). */
  static final Duration BUDGET = Duration.ofSeconds(40);

  /**
   * One try of {@code d} as read; false when there was nothing to do (or another worker had it). A
   * try that got no answer adds the subscription to {@code silent}.
   */
  private boolean attempt(Delivery d, Set<String> silent) {
    Instant now = clock.instant();
    Optional<Webhook> webhook = store.find(d.event().venueId(), d.webhookId());
    if (webhook.isEmpty()) {
      // The subscription was deleted: nobody to send to. Parked, so the history says so.
      return store.claim(d, now.plus(Delivery.MAX_WAIT))
          && store.answered(claimed(d, now.plus(Delivery.MAX_WAIT)), DeliveryState.PARKED, 0);
    }
    Optional<Delivery> before = d.after().flatMap(a -> store.delivery(d.webhookId(), a));
    if (before.isPresent() && before.get().state() == DeliveryState.PENDING) {
      Instant behind = before.get().nextAt().orElse(now);
      return store.postpone(d, (behind.isAfter(now) ? behind : now).plus(BEHIND));
    }
    Instant next = now.plus(Delivery.backoff(d.attempts() + 1));
    if (!store.claim(d, next)) {
      return false;
    }
    Delivery claimed = claimed(d, next);
    int status = send(webhook.get(), claimed, now);
    if (status == 0) {
      silent.add(d.webhookId());
    }
    DeliveryState to =
        status >= 200 && status < 300
            ? DeliveryState.DELIVERED
            : d.lastTryAt(now) ? DeliveryState.PARKED : DeliveryState.PENDING;
    store.answered(claimed, to, status);
    return true;
  }

  private int send(Webhook w, Delivery d, Instant now) {
    if (urls.refusal(w.url().toString()).isPresent()) {
      return 0; // its host now points somewhere fairslot may not call: not sent, tried again later
    }
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("content-type", "application/json");
    headers.put("user-agent", "fairslot-webhooks/1");
    headers.put("fairslot-event", d.event().type().wire());
    headers.put("fairslot-delivery", d.deliveryId());
    headers.put(
        "fairslot-signature",
        keys.signature(w.webhookId(), now.getEpochSecond(), d.event().body()));
    try {
      return transport.post(w.url(), headers, d.event().body());
    } catch (RuntimeException unreachable) {
      return 0;
    }
  }

  private static Delivery claimed(Delivery d, Instant next) {
    return new Delivery(
        d.webhookId(),
        d.deliveryId(),
        d.event(),
        d.after(),
        d.state(),
        d.attempts() + 1,
        d.since(),
        Optional.of(next),
        d.lastStatus());
  }
}
