package fairslot.kernel;

import java.time.Instant;
import java.util.Map;

/**
 * One state change: who moved which entity from what to what, and why. An edit or seat change also
 * carries the changed fields' values before and after (e.g. {@code remaining}, {@code capacity});
 * both maps are empty for a plain status move.
 */
public record AuditEntry(
    Instant at,
    String actor,
    String entity,
    String from,
    String to,
    String reason,
    Map<String, Object> before,
    Map<String, Object> after) {

  public AuditEntry {
    before = Map.copyOf(before);
    after = Map.copyOf(after);
  }

  public AuditEntry(
      Instant at, String actor, String entity, String from, String to, String reason) {
    this(at, actor, entity, from, to, reason, Map.of(), Map.of());
  }
}
