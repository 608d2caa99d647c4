package fairslot.pass.domain;

import java.time.Instant;

/**
 * A booking's use of a pass, as the pass's credit writes condition it: whose pass, how many
 * credits, and the venue and start of the slot they pay for.
 */
public record CreditUse(String userId, String passId, int credits, String venueId, Instant start) {}
