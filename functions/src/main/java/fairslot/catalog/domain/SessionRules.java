package fairslot.catalog.domain;

import java.time.Duration;
import java.util.Optional;

/**
 * The scheduling rules a slot carries from its creation (v1.2 "Scheduling rules"): the changeover
 * gap its resource keeps after it, and the participants it needs to run.
 */
public record SessionRules(Duration bufferAfter, Optional<Minimum> minimum) {
  public static final SessionRules NONE = new SessionRules(Duration.ZERO, Optional.empty());

  public SessionRules {
    if (bufferAfter.isNegative()) {
      throw new IllegalArgumentException("bufferAfter must not be negative");
    }
  }

  public boolean buffered() {
    return !bufferAfter.isZero();
  }

  public SessionRules with(Minimum next) {
    return new SessionRules(bufferAfter, Optional.of(next));
  }
}
