package fairslot.kernel;

import java.util.Iterator;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A per-container hint map that never grows past {@code maxEntries}: when full, an arbitrary tenth
 * is dropped. Only for hints whose loss costs a read, never a decision (sold-out sightings, quiet
 * periods of a slot's holds, slot facts that never change); every rule is still decided by a
 * conditional write.
 */
public final class BoundedCache<K, V> {
  private final ConcurrentHashMap<K, V> entries = new ConcurrentHashMap<>();
  private final int maxEntries;

  public BoundedCache(int maxEntries) {
    if (maxEntries < 10) {
      throw new IllegalArgumentException("maxEntries must be at least 10");
    }
    this.maxEntries = maxEntries;
  }

  public Optional<V> get(K key) {
    return Optional.ofNullable(entries.get(key));
  }

  public void put(K key, V value) {
    makeRoom();
    entries.put(key, value);
  }

  /** Atomic per key, as {@link ConcurrentHashMap#compute}. */
  public V compute(K key, BiFunction<? super K, ? super V, ? extends V> remap) {
    makeRoom();
    return entries.compute(key, remap);
  }

  /** Loads at most once per key at a time; a load that finds nothing stores nothing. */
  public Optional<V> computeIfAbsent(K key, Function<? super K, ? extends V> load) {
    makeRoom();
    return Optional.ofNullable(entries.computeIfAbsent(key, load));
  }

  public void remove(K key) {
    entries.remove(key);
  }

  /** Removes the entry only if it still maps to {@code expected}. */
  public void remove(K key, V expected) {
    entries.remove(key, expected);
  }

  public int size() {
    return entries.size();
  }

  private void makeRoom() {
    if (entries.size() < maxEntries) {
      return;
    }
    int drop = Math.max(1, maxEntries / 10);
    Iterator<K> keys = entries.keySet().iterator();
    while (drop-- > 0 && keys.hasNext()) {
      keys.next();
      keys.remove();
    }
  }
}
