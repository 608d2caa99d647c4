package fairslot.domain;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The policy fields a venue edit names; the others keep their value (a merge patch). A booking
 * window is replaced as a whole ({@link BookingWindow#ALWAYS} when the edit clears it).
 */
public record PolicyChange(
    Optional<Duration> holdDuration,
    Optional<Duration> cancelCutoff,
    Optional<Duration> offerDuration,
    Optional<WaitlistMode> waitlistMode,
    OptionalInt maxPerBooking,
    Optional<BookingWindow> bookingWindow) {

  public static final PolicyChange NONE =
      new PolicyChange(
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          OptionalInt.empty(),
          Optional.empty());

  /** Throws IllegalArgumentException for a value out of the contract's bounds. */
  public VenuePolicy applyTo(VenuePolicy p) {
    return new VenuePolicy(
        holdDuration.orElse(p.holdDuration()),
        cancelCutoff.orElse(p.cancelCutoff()),
        offerDuration.orElse(p.offerDuration()),
        waitlistMode.orElse(p.waitlistMode()),
        maxPerBooking.orElse(p.maxPerBooking()),
        bookingWindow.orElse(p.bookingWindow()));
  }
}
