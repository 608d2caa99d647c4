package fairslot.memory;

import fairslot.privacy.app.ErasureStore;
import fairslot.privacy.domain.Erasure;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The erasure requests in memory, each move as one synchronized step (the conditions). */
public final class MemoryErasureStore implements ErasureStore {
  private final Map<String, Erasure> byUser = new HashMap<>();
  private final Map<String, Instant> next = new HashMap<>();

  @Override
  public synchronized Erasure request(String userId, String pseudonym, Instant now) {
    Erasure seen = byUser.get(userId);
    if (seen != null && seen.status() == Erasure.Status.REQUESTED) {
      return seen;
    }
    Erasure made =
        new Erasure(
            userId, Erasure.Status.REQUESTED, now, Optional.of(pseudonym), Optional.empty());
    byUser.put(userId, made);
    next.put(userId, now);
    return made;
  }

  @Override
  public synchronized Optional<Erasure> find(String userId) {
    return Optional.ofNullable(byUser.get(userId));
  }

  @Override
  public synchronized List<Erasure> due(Instant now, int limit) {
    return next.entrySet().stream()
        .filter(e -> !e.getValue().isAfter(now))
        .sorted(Map.Entry.comparingByValue(Comparator.naturalOrder()))
        .limit(limit)
        .map(e -> byUser.get(e.getKey()))
        .toList();
  }

  @Override
  public synchronized void later(Erasure pending, Instant at) {
    if (isStill(pending)) {
      next.put(pending.userId(), at);
    }
  }

  @Override
  public synchronized boolean finish(Erasure pending, Instant now) {
    if (!isStill(pending)) {
      return false;
    }
    byUser.put(
        pending.userId(),
        new Erasure(
            pending.userId(),
            Erasure.Status.ERASED,
            pending.requestedAt(),
            Optional.empty(),
            Optional.of(now)));
    next.remove(pending.userId());
    return true;
  }

  private boolean isStill(Erasure pending) {
    Erasure seen = byUser.get(pending.userId());
    return seen != null
        && seen.status() == Erasure.Status.REQUESTED
        && seen.pseudonym().equals(pending.pseudonym());
  }

  /** Test helper: every request, by member. */
  public synchronized Map<String, Erasure> all() {
    return new HashMap<>(byUser);
  }
}
