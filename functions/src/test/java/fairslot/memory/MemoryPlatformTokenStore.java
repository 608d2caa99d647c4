package fairslot.memory;

import fairslot.member.app.PlatformTokenStore;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** The platform token's item in memory, with the adapter's lease conditions. */
public final class MemoryPlatformTokenStore implements PlatformTokenStore {
  private record Lease(String holder, Instant until) {}

  private final Map<String, PlatformToken> tokens = new HashMap<>();
  private final Map<String, Lease> leases = new HashMap<>();

  @Override
  public synchronized Optional<PlatformToken> current(String appId) {
    return Optional.ofNullable(tokens.get(appId));
  }

  @Override
  public synchronized boolean lease(String appId, String holder, Instant now, Instant until) {
    Lease held = leases.get(appId);
    if (held != null && !held.until().isBefore(now)) {
      return false;
    }
    leases.put(appId, new Lease(holder, until));
    return true;
  }

  @Override
  public synchronized void expire(String appId, String value, Instant now) {
    PlatformToken kept = tokens.get(appId);
    if (kept != null && kept.value().equals(value)) {
      tokens.put(appId, new PlatformToken(value, now));
    }
  }

  @Override
  public synchronized boolean keep(String appId, String holder, PlatformToken token) {
    Lease held = leases.get(appId);
    if (held == null || !held.holder().equals(holder)) {
      return false;
    }
    tokens.put(appId, token);
    leases.remove(appId);
    return true;
  }
}
