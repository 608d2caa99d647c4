package fairslot.catalog.domain;

import java.time.Duration;

/**
 * One step of a venue's cancel policy (v1.1 "Booking policy"): a paid booking cancelled more than
 * {@code before} ahead of its start gets {@code refundPercent} of its amount back.
 */
public record CancelTier(Duration before, int refundPercent) {
  public CancelTier {
    if (before.isNegative() || before.compareTo(BookingWindow.MAX) > 0) {
      throw new IllegalArgumentException("cancelTiers[].before must be from PT0S to P365D");
    }
    if (refundPercent < 1 || refundPercent > 100) {
      throw new IllegalArgumentException("cancelTiers[].refundPercent must be from 1 to 100");
    }
  }
}
