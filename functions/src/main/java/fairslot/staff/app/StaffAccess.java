package fairslot.staff.app;

import fairslot.staff.domain.StaffGrant;
import fairslot.staff.domain.VenueAccess;
import fairslot.staff.domain.VenueRole;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A caller's venue roles, read once per {@link #TTL} per container: a staff request costs at most
 * one read of the member's grants, and a role revoked elsewhere stops working within the TTL (in
 * the container that revoked it, at once). API.md promises 60 seconds; the TTL keeps well inside
 * it.
 */
public final class StaffAccess {
  public static final Duration TTL = Duration.ofSeconds(30);

  /** Past this many members the cache starts over: a bound, not an eviction policy. */
  private static final int MAX_ENTRIES = 10_000;

  private record Cached(Map<String, Set<VenueRole>> byVenue, Instant readAt) {}

  private final StaffStore store;
  private final Clock clock;
  private final ConcurrentHashMap<String, Cached> cache = new ConcurrentHashMap<>();

  public StaffAccess(StaffStore store, Clock clock) {
    this.store = store;
    this.clock = clock;
  }

  /** The caller's access: {@code everywhere} from the token's groups, the rest from the table. */
  public VenueAccess of(String userId, Set<VenueRole> everywhere) {
    Instant now = clock.instant();
    Cached cached = cache.get(userId);
    if (cached == null || !now.isBefore(cached.readAt().plus(TTL))) {
      Map<String, Set<VenueRole>> byVenue = new HashMap<>();
      for (StaffGrant g : store.grantsOf(userId)) {
        byVenue.put(g.venueId(), g.roles());
      }
      if (cache.size() >= MAX_ENTRIES) {
        cache.clear();
      }
      cached = new Cached(Map.copyOf(byVenue), now);
      cache.put(userId, cached);
    }
    return new VenueAccess(everywhere, cached.byVenue());
  }

  /** This container changed the member's grants: read them afresh next time. */
  void forget(String userId) {
    cache.remove(userId);
  }
}
