package fairslot.catalog.domain;

import fairslot.kernel.Interval;
import java.time.Duration;
import java.time.Instant;

/**
 * A slot runs only with at least {@code participants} seats taken at {@code start - decideBefore};
 * below that it is cancelled for everyone. Seats taken are those in bookings (held or paid) and in
 * open waitlist offers: an offered member may still take the seat within the offer's deadline.
 */
public record Minimum(int participants, Duration decideBefore, MinimumDecision decision) {
  public static final Duration DEFAULT_DECIDE_BEFORE = Duration.ofHours(2);

  public Minimum {
    if (participants < 1) {
      throw new IllegalArgumentException("minParticipants must be at least 1");
    }
    if (decideBefore.isNegative()) {
      throw new IllegalArgumentException("decideBefore must not be negative");
    }
  }

  public static Minimum pending(int participants, Duration decideBefore) {
    return new Minimum(participants, decideBefore, new MinimumDecision.Pending());
  }

  public Instant decideAt(Interval session) {
    return session.start().minus(decideBefore);
  }

  /** Whether {@code taken} seats are enough for the session to run. */
  public boolean metBy(int taken) {
    return taken >= participants;
  }

  public Minimum decided(MinimumDecision next) {
    return new Minimum(participants, decideBefore, next);
  }
}
