package fairslot.booking.app;

import fairslot.kernel.BoundedCache;

/**
 * Slots this container saw sold out, and when (nanoTime): a hint to look with two condition checks
 * before a full transaction, never a decision.
 */
final class SoldOutHints {
  private static final long FRESH_NANOS = 1_000_000_000L;
  private final BoundedCache<String, Long> seen = new BoundedCache<>(10_000);

  void sawSoldOut(String slotId) {
    seen.put(slotId, System.nanoTime());
  }

  boolean soldOutRecently(String slotId) {
    var at = seen.get(slotId);
    if (at.isEmpty()) {
      return false;
    }
    if (System.nanoTime() - at.get() < FRESH_NANOS) {
      return true;
    }
    seen.remove(slotId, at.get());
    return false;
  }
}
