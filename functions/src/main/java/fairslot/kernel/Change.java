package fairslot.kernel;

import java.time.Instant;
import java.util.Optional;

/**
 * Who changes something, when and why; written as the audit record of the transition. {@code
 * dueBy}, when present, adds the condition "the hold's deadline is at or before this".
 */
public record Change(Instant at, String actor, String reason, Optional<Instant> dueBy) {

  public static Change by(String actor, Instant at, String reason) {
    return new Change(at, actor, reason, Optional.empty());
  }

  /** Expiring a hold, only if at write time it really is due; {@code actor} is who noticed it. */
  public static Change expiry(Instant at, String actor, String reason) {
    return new Change(at, actor, reason, Optional.of(at));
  }
}
