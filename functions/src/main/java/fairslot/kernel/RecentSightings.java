package fairslot.kernel;

/**
 * Keys this container saw in some state, and when (nanoTime), for a second: a hint (the booking
 * placer's "sold out lately", which looks with two condition checks before a full transaction),
 * never a decision.
 */
public final class RecentSightings {
  private static final long FRESH_NANOS = 1_000_000_000L;
  private final BoundedCache<String, Long> seen = new BoundedCache<>(10_000);

  public void saw(String key) {
    seen.put(key, System.nanoTime());
  }

  public boolean sawRecently(String key) {
    var at = seen.get(key);
    if (at.isEmpty()) {
      return false;
    }
    if (System.nanoTime() - at.get() < FRESH_NANOS) {
      return true;
    }
    seen.remove(key, at.get());
    return false;
  }
}
