package fairslot.memory;

import fairslot.auth.app.RefreshFamilies;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Refresh families in memory: one compare-and-set per refresh, as the conditional update. */
public final class MemoryRefreshFamilies implements RefreshFamilies {
  private record Family(
      String userId, long generation, Instant expiresAt, boolean revoked, Instant rotatedAt) {}

  private final Map<String, Family> families = new ConcurrentHashMap<>();

  @Override
  public void start(String familyId, String userId, Instant expiresAt) {
    families.putIfAbsent(familyId, new Family(userId, 0, expiresAt, false, Instant.MIN));
  }

  @Override
  public synchronized Rotation rotate(
      String familyId, long generation, Instant now, Instant expiresAt) {
    Family f = families.get(familyId);
    if (f == null || f.revoked() || !f.expiresAt().isAfter(now)) {
      return new Rotation.Ended();
    }
    if (f.generation() == generation + 1 && f.rotatedAt().plus(RETRY_LEEWAY).isAfter(now)) {
      return new Rotation.Rotated(f.userId()); // a retry of the same refresh
    }
    if (f.generation() != generation) {
      return f.generation() > generation ? new Rotation.Reused() : new Rotation.Ended();
    }
    families.put(familyId, new Family(f.userId(), generation + 1, expiresAt, false, now));
    return new Rotation.Rotated(f.userId());
  }

  @Override
  public synchronized void revoke(String familyId, Instant at) {
    Optional.ofNullable(families.get(familyId))
        .ifPresent(
            f ->
                families.put(
                    familyId,
                    new Family(f.userId(), f.generation(), f.expiresAt(), true, f.rotatedAt())));
  }
}
