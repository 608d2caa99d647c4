package fairslot.memory;

import fairslot.member.app.RateCounterStore;
import fairslot.member.domain.RateWindow;
import java.util.concurrent.ConcurrentHashMap;

/** In-memory {@link RateCounterStore}: one atomic sum per member and window. */
public final class MemoryRateCounterStore implements RateCounterStore {
  private final ConcurrentHashMap<String, Long> counts = new ConcurrentHashMap<>();

  @Override
  public long add(String userId, RateWindow window, int delta) {
    return counts.merge(userId + "#" + window.index(), (long) delta, Long::sum);
  }
}
