package fairslot.catalog.domain;

import java.time.Duration;
import java.util.Collections;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The scheduling rules a slot carries from its creation (v1.2 "Scheduling rules"): the changeover
 * gap its resource keeps after it, the participants it needs to run, and its counterparts: the
 * slots that share its space at an overlapping time (a full court's halves, or the full court of a
 * half), linked both ways when the later one is created. {@code onDays}: the slot is written on its
 * resource's days (every EXCLUSIVE slot from v1.2 on, and every buffered one), so a cancel takes it
 * out again.
 */
public record SessionRules(
    Duration bufferAfter, Optional<Minimum> minimum, Set<String> counterparts, boolean onDays) {
  public static final SessionRules NONE = new SessionRules(Duration.ZERO, Optional.empty());

  public SessionRules {
    if (bufferAfter.isNegative()) {
      throw new IllegalArgumentException("bufferAfter must not be negative");
    }
    counterparts = Collections.unmodifiableSortedSet(new TreeSet<>(counterparts));
  }

  public SessionRules(Duration bufferAfter, Optional<Minimum> minimum) {
    this(bufferAfter, minimum, Set.of(), !bufferAfter.isZero());
  }

  public boolean buffered() {
    return !bufferAfter.isZero();
  }

  /** Whether the slot is on its resource's days: buffered, or kept there for its counterparts. */
  public boolean onResourceDays() {
    return onDays || buffered();
  }

  public SessionRules with(Minimum next) {
    return new SessionRules(bufferAfter, Optional.of(next), counterparts, onDays);
  }

  /** Kept on its resource's days, with these counterparts. */
  public SessionRules onDaysWith(Set<String> linked) {
    return new SessionRules(bufferAfter, minimum, linked, true);
  }
}
