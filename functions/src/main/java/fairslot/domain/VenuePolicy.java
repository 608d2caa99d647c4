package fairslot.domain;

import java.time.Duration;

/** Booking rules a venue sets. Slots copy the policy when they are created (see docs/data-model.md). */
public record VenuePolicy(
    Duration holdDuration,
    Duration cancelCutoff,
    Duration offerDuration,
    WaitlistMode waitlistMode,
    int maxPerBooking) {

  public static final VenuePolicy DEFAULT =
      new VenuePolicy(Duration.ofMinutes(15), Duration.ofHours(2), Duration.ofMinutes(30), WaitlistMode.OFFER, 4);

  public VenuePolicy {
    if (holdDuration.isNegative() || holdDuration.isZero()) {
      throw new IllegalArgumentException("holdDuration must be positive");
    }
    if (cancelCutoff.isNegative()) {
      throw new IllegalArgumentException("cancelCutoff must not be negative");
    }
    if (offerDuration.isNegative() || offerDuration.isZero()) {
      throw new IllegalArgumentException("offerDuration must be positive");
    }
    if (maxPerBooking < 1) {
      throw new IllegalArgumentException("maxPerBooking must be at least 1");
    }
  }
}
