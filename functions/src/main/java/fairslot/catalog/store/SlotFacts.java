package fairslot.catalog.store;

import fairslot.catalog.domain.Slot;
import fairslot.kernel.BoundedCache;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * Slot facts read in the last second, by slot id. Single flight: a crowd arriving at once waits for
 * one read instead of sending hundreds, and when an entry ages out one request re-reads while the
 * rest keep the old facts. Only facts that never change are judged from it (see
 * CatalogStore#slotFacts).
 */
final class SlotFacts {
  private static final long TTL_NANOS = 1_000_000_000L;

  private record Cached(Slot slot, long readAt, AtomicBoolean refreshing) {
    Cached(Slot slot) {
      this(slot, System.nanoTime(), new AtomicBoolean());
    }
  }

  private final BoundedCache<String, Cached> facts = new BoundedCache<>(10_000);

  Optional<Slot> get(String slotId, Function<String, Optional<Slot>> read) {
    Optional<Cached> cached = facts.get(slotId);
    if (cached.isEmpty()) {
      return facts
          .computeIfAbsent(slotId, id -> read.apply(id).map(Cached::new).orElse(null))
          .map(Cached::slot);
    }
    if (System.nanoTime() - cached.get().readAt() >= TTL_NANOS
        && cached.get().refreshing().compareAndSet(false, true)) {
      Optional<Slot> fresh = read.apply(slotId);
      if (fresh.isPresent()) {
        facts.put(slotId, new Cached(fresh.get()));
      } else {
        facts.remove(slotId);
      }
      return fresh;
    }
    return Optional.of(cached.get().slot());
  }

  /** A slot just read consistently: its facts are the freshest there are. */
  void saw(Slot slot) {
    facts.put(slot.slotId(), new Cached(slot));
  }

  void forget(String slotId) {
    facts.remove(slotId);
  }
}
