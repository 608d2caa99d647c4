package fairslot.catalog.domain;

import java.time.Instant;

/** Where a slot's minimum-participants decision stands; it is made once and never changes. */
public sealed interface MinimumDecision {
  /** Not yet due, or due and not yet made by the decide-minimums job. */
  record Pending() implements MinimumDecision {}

  /** Enough seats were taken at the decision: the session runs. */
  record Confirmed(Instant at) implements MinimumDecision {}

  /** Too few: the slot was cancelled for everyone (reason UNDER_MINIMUM). */
  record UnderMinimum(Instant at) implements MinimumDecision {}
}
