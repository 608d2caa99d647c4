package fairslot.domain;

import java.time.Instant;

/** One state change: who moved which entity from what to what, and why. */
public record AuditEntry(
    Instant at, String actor, String entity, String from, String to, String reason) {}
