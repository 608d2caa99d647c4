package fairslot.memory;

import fairslot.notification.app.NotificationStore;
import fairslot.notification.domain.Delivery;
import fairslot.notification.domain.DeliveryStatus;
import fairslot.notification.domain.Notification;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * In-memory {@link NotificationStore}: the same conditions as the DynamoDB one (a notice dispatched
 * once, its deliveries made once, each move conditioned on the tries seen), under one lock.
 */
public final class MemoryNotificationStore implements NotificationStore {
  private record Notice(Pending pending, Instant dueAt, boolean dispatched) {}

  private record Entry(Delivery delivery, Instant dueAt) {}

  private final Map<String, Notice> notices = new LinkedHashMap<>();
  private final Map<Delivery.Id, Entry> deliveries = new LinkedHashMap<>();

  /** What a transaction would write with the change: a PENDING notice (once per identity). */
  public synchronized void notify(Notification n, Instant at) {
    notices.putIfAbsent(n.key(), new Notice(new Pending(n, 0, at), at, false));
  }

  @Override
  public synchronized Due due(Instant now, int limit) {
    List<Pending> dueNotices =
        notices.values().stream()
            .filter(n -> !n.dispatched() && !n.dueAt().isAfter(now))
            .map(Notice::pending)
            .limit(limit)
            .toList();
    List<Delivery> dueDeliveries =
        deliveries.values().stream()
            .filter(e -> e.delivery().status() == DeliveryStatus.PENDING)
            .filter(e -> !e.dueAt().isAfter(now))
            .map(Entry::delivery)
            .limit(Math.max(0, limit - dueNotices.size()))
            .toList();
    return new Due(dueNotices, dueDeliveries);
  }

  @Override
  public synchronized boolean dispatch(
      Pending notice, List<Delivery> made, Instant at, Instant leaseUntil) {
    Notice n = notices.get(notice.notification().key());
    if (n == null || n.dispatched() || n.pending().attempts() != notice.attempts()) {
      return false;
    }
    notices.put(notice.notification().key(), new Notice(n.pending(), n.dueAt(), true));
    for (Delivery d : made) {
      deliveries.putIfAbsent(d.id(), new Entry(d, leaseUntil));
    }
    return true;
  }

  @Override
  public synchronized Optional<Delivery> claim(Delivery d, Instant leaseUntil) {
    Delivery claimed = d.oneMoreTry();
    return move(d, seen -> new Entry(claimed, leaseUntil))
        ? Optional.of(claimed)
        : Optional.empty();
  }

  @Override
  public synchronized boolean sent(Delivery d, Instant at) {
    return move(
        d,
        moved ->
            new Entry(
                copy(
                    moved,
                    DeliveryStatus.SENT,
                    moved.attempts(),
                    Optional.of(at),
                    moved.lastError()),
                at));
  }

  @Override
  public synchronized boolean failed(Delivery d, Instant nextAt, boolean park, String error) {
    return move(
        d,
        moved ->
            new Entry(
                copy(
                    moved,
                    park ? DeliveryStatus.PARKED : DeliveryStatus.PENDING,
                    moved.attempts(),
                    Optional.empty(),
                    Optional.of(error)),
                nextAt));
  }

  @Override
  public synchronized boolean fellBack(
      Delivery d, Delivery next, String why, Instant at, Instant leaseUntil) {
    if (deliveries.containsKey(next.id())) {
      return false;
    }
    boolean moved =
        move(
            d,
            m ->
                new Entry(
                    copy(
                        m,
                        DeliveryStatus.FELL_BACK,
                        m.attempts(),
                        Optional.empty(),
                        Optional.of(why)),
                    at));
    if (moved) {
      deliveries.put(next.id(), new Entry(next, leaseUntil));
    }
    return moved;
  }

  @Override
  public synchronized List<Delivery> ofMember(String userId, int limit) {
    return deliveries.values().stream()
        .map(Entry::delivery)
        .filter(d -> d.about().userId().equals(userId))
        .sorted(Comparator.comparing(Delivery::createdAt).reversed())
        .limit(limit)
        .toList();
  }

  @Override
  public synchronized fairslot.kernel.Page<Delivery> parked(fairslot.kernel.PageRequest page) {
    return MemoryPages.page(
        deliveries.values().stream()
            .map(Entry::delivery)
            .filter(d -> d.status() == DeliveryStatus.PARKED)
            .sorted(java.util.Comparator.comparing(Delivery::createdAt))
            .toList(),
        page);
  }

  @Override
  public synchronized Optional<Delivery> find(Delivery.Id id) {
    return Optional.ofNullable(deliveries.get(id)).map(Entry::delivery);
  }

  @Override
  public synchronized boolean retry(Delivery parked, Instant at) {
    Entry e = deliveries.get(parked.id());
    if (e == null || e.delivery().status() != DeliveryStatus.PARKED) {
      return false;
    }
    deliveries.put(
        parked.id(),
        new Entry(
            copy(
                e.delivery(),
                DeliveryStatus.PENDING,
                0,
                Optional.empty(),
                e.delivery().lastError()),
            at));
    return true;
  }

  public synchronized List<Delivery> all() {
    return new ArrayList<>(deliveries.values().stream().map(Entry::delivery).toList());
  }

  private boolean move(Delivery seen, java.util.function.Function<Delivery, Entry> next) {
    Entry e = deliveries.get(seen.id());
    if (e == null
        || e.delivery().status() != DeliveryStatus.PENDING
        || e.delivery().attempts() != seen.attempts()) {
      return false;
    }
    deliveries.put(seen.id(), next.apply(e.delivery()));
    return true;
  }

  private static Delivery copy(
      Delivery d,
      DeliveryStatus status,
      int attempts,
      Optional<Instant> sentAt,
      Optional<String> lastError) {
    return new Delivery(
        d.about(),
        d.channel(),
        d.address(),
        d.message(),
        status,
        attempts,
        d.createdAt(),
        sentAt,
        lastError);
  }
}
