package fairslot.memory;

import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.webhook.app.WebhookStore;
import fairslot.webhook.domain.Delivery;
import fairslot.webhook.domain.DeliveryState;
import fairslot.webhook.domain.Webhook;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** In-memory {@link WebhookStore}: one lock, the adapter's conditions in its order. */
public final class MemoryWebhookStore implements WebhookStore {
  private final Map<String, Map<String, Webhook>> byVenue = new HashMap<>();
  private final Map<String, TreeMap<String, Delivery>> deliveries = new HashMap<>();
  private final Map<String, Map<String, long[]>> chainOrder = new HashMap<>();
  private final Map<String, Map<String, String>> chainLast = new HashMap<>();

  @Override
  public synchronized Subscribed create(Webhook webhook, int cap) {
    Map<String, Webhook> venue = byVenue.computeIfAbsent(webhook.venueId(), v -> new HashMap<>());
    Webhook existing = venue.get(webhook.webhookId());
    if (existing != null) {
      return new Subscribed.Existing(existing);
    }
    if (venue.size() >= cap) {
      return new Subscribed.AtCap(cap);
    }
    venue.put(webhook.webhookId(), webhook);
    return new Subscribed.Created(webhook);
  }

  @Override
  public synchronized List<Webhook> webhooksOf(String venueId) {
    return byVenue.getOrDefault(venueId, Map.of()).values().stream()
        .sorted(Comparator.comparing(Webhook::webhookId))
        .toList();
  }

  @Override
  public synchronized Optional<Webhook> find(String venueId, String webhookId) {
    return Optional.ofNullable(byVenue.getOrDefault(venueId, Map.of()).get(webhookId));
  }

  @Override
  public synchronized boolean delete(String venueId, String webhookId) {
    return byVenue.getOrDefault(venueId, new HashMap<>()).remove(webhookId) != null;
  }

  @Override
  public synchronized boolean record(Delivery d) {
    String subject = d.event().subject();
    long[] last = chainOrder.computeIfAbsent(d.webhookId(), w -> new HashMap<>()).get(subject);
    if (last != null && last[0] >= d.event().order()) {
      return false;
    }
    TreeMap<String, Delivery> of = deliveries.computeIfAbsent(d.webhookId(), w -> new TreeMap<>());
    if (of.containsKey(d.deliveryId())) {
      return false;
    }
    Map<String, String> lasts = chainLast.computeIfAbsent(d.webhookId(), w -> new HashMap<>());
    of.put(
        d.deliveryId(),
        new Delivery(
            d.webhookId(),
            d.deliveryId(),
            d.event(),
            Optional.ofNullable(lasts.get(subject)),
            d.state(),
            d.attempts(),
            d.since(),
            d.nextAt(),
            d.lastStatus()));
    lasts.put(subject, d.deliveryId());
    chainOrder.get(d.webhookId()).put(subject, new long[] {d.event().order()});
    return true;
  }

  @Override
  public synchronized List<Delivery> due(Instant by, int limit) {
    List<Delivery> due = new ArrayList<>();
    deliveries.values().forEach(m -> due.addAll(m.values()));
    return due.stream()
        .filter(d -> d.state() == DeliveryState.PENDING)
        .filter(d -> d.nextAt().map(at -> !at.isAfter(by)).orElse(false))
        .sorted(Comparator.comparing(d -> d.nextAt().orElseThrow()))
        .limit(limit)
        .toList();
  }

  @Override
  public synchronized Optional<Delivery> delivery(String webhookId, String deliveryId) {
    return Optional.ofNullable(deliveries.getOrDefault(webhookId, new TreeMap<>()).get(deliveryId));
  }

  @Override
  public synchronized boolean claim(Delivery read, Instant next) {
    return move(
        read,
        d -> with(d, d.state(), d.attempts() + 1, d.since(), Optional.of(next), d.lastStatus()));
  }

  @Override
  public synchronized boolean postpone(Delivery read, Instant at) {
    return move(
        read, d -> with(d, d.state(), d.attempts(), d.since(), Optional.of(at), d.lastStatus()));
  }

  @Override
  public synchronized boolean answered(Delivery claimed, DeliveryState to, int status) {
    return move(
        claimed,
        d ->
            with(
                d,
                to,
                d.attempts(),
                d.since(),
                to == DeliveryState.PENDING ? d.nextAt() : Optional.empty(),
                status));
  }

  @Override
  public synchronized boolean retry(Delivery read, Instant now) {
    Optional<Delivery> current = delivery(read.webhookId(), read.deliveryId());
    if (current.isEmpty()
        || current.get().state() != read.state()
        || current.get().attempts() != read.attempts()) {
      return false;
    }
    put(
        with(
            current.get(),
            DeliveryState.PENDING,
            0,
            now,
            Optional.of(now),
            current.get().lastStatus()));
    return true;
  }

  @Override
  public synchronized Page<Delivery> deliveries(String webhookId, PageRequest page) {
    List<Delivery> newestFirst =
        new ArrayList<>(
            deliveries.getOrDefault(webhookId, new TreeMap<>()).descendingMap().values());
    return MemoryPages.page(newestFirst, page);
  }

  /** The adapter's condition: the delivery is PENDING with the attempts read. */
  private boolean move(Delivery read, java.util.function.UnaryOperator<Delivery> change) {
    Optional<Delivery> current = delivery(read.webhookId(), read.deliveryId());
    if (current.isEmpty()
        || current.get().state() != DeliveryState.PENDING
        || current.get().attempts() != read.attempts()) {
      return false;
    }
    put(change.apply(current.get()));
    return true;
  }

  private void put(Delivery d) {
    deliveries.get(d.webhookId()).put(d.deliveryId(), d);
  }

  private static Delivery with(
      Delivery d,
      DeliveryState state,
      int attempts,
      Instant since,
      Optional<Instant> nextAt,
      int lastStatus) {
    return new Delivery(
        d.webhookId(),
        d.deliveryId(),
        d.event(),
        d.after(),
        state,
        attempts,
        since,
        nextAt,
        lastStatus);
  }
}
