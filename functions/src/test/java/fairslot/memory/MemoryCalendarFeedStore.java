package fairslot.memory;

import fairslot.member.app.CalendarFeedStore;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/** In-memory {@link CalendarFeedStore}: one atomic version per member. */
public final class MemoryCalendarFeedStore implements CalendarFeedStore {
  private final ConcurrentHashMap<String, Long> versions = new ConcurrentHashMap<>();

  @Override
  public long current(String userId) {
    return versions.computeIfAbsent(userId, u -> 1L);
  }

  @Override
  public OptionalLong find(String userId) {
    Long v = versions.get(userId);
    return v == null ? OptionalLong.empty() : OptionalLong.of(v);
  }

  @Override
  public long rotate(String userId) {
    return versions.merge(userId, 1L, Long::sum);
  }
}
