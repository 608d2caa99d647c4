package fairslot.webhook.app;

import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.webhook.domain.Delivery;
import fairslot.webhook.domain.DeliveryState;
import fairslot.webhook.domain.Webhook;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Port: venues' webhook subscriptions and their deliveries. Every move is conditional. */
public interface WebhookStore {

  /** What a subscription's creation did. */
  sealed interface Subscribed {
    record Created(Webhook webhook) implements Subscribed {}

    /** A twin request (the same id) made it already: this is the one it made. */
    record Existing(Webhook webhook) implements Subscribed {}

    /** The venue holds {@code cap} subscriptions already. */
    record AtCap(int cap) implements Subscribed {}
  }

  /** Creates the subscription unless the venue holds {@code cap} (counted atomically). */
  Subscribed create(Webhook webhook, int cap);

  List<Webhook> webhooksOf(String venueId);

  Optional<Webhook> find(String venueId, String webhookId);

  /** Removes it and frees its place under the cap; false if it was not there. */
  boolean delete(String venueId, String webhookId);

  /**
   * Writes the delivery, due at once, chained after the last delivery of its subject to the same
   * subscription; false (and nothing written) if it, or a later change of that subject, was
   * recorded already (a stream record handed over again).
   */
  boolean record(Delivery delivery);

  /** PENDING deliveries due by {@code by}, oldest due first within each shard. */
  List<Delivery> due(Instant by, int limit);

  Optional<Delivery> delivery(String webhookId, String deliveryId);

  /**
   * Claims one try of the delivery as read (PENDING, with its attempts): attempts + 1, and the next
   * try due at {@code next} in case this one never ends. False if another worker claimed it.
   */
  boolean claim(Delivery read, Instant next);

  /** Puts the try off to {@code at} (an earlier delivery of its subject is still pending). */
  boolean postpone(Delivery read, Instant at);

  /**
   * Records the subscriber's answer to the claimed try ({@code claimed}: the delivery as claimed):
   * DELIVERED or PARKED end it; PENDING leaves it due at the claimed next try.
   */
  boolean answered(Delivery claimed, DeliveryState to, int status);

  /**
   * A hand retry: PENDING again, attempts from 0, retried for another 24 hours from {@code now}.
   */
  boolean retry(Delivery read, Instant now);

  /** The subscription's deliveries, newest first. */
  Page<Delivery> deliveries(String webhookId, PageRequest page);
}
