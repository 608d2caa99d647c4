package fairslot.catalog.domain;

import fairslot.member.domain.NoShowPolicy;
import fairslot.money.domain.PrepaidRules;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The policy fields a venue edit names; the others keep their value (a merge patch). A booking
 * window, the cancel tiers and the no-show rule are replaced as a whole; {@code null} in the edit
 * clears them (an outer empty: not named; an inner empty: cleared).
 */
public record PolicyChange(
    Optional<Duration> holdDuration,
    Optional<Duration> cancelCutoff,
    Optional<Duration> offerDuration,
    Optional<WaitlistMode> waitlistMode,
    OptionalInt maxPerBooking,
    Optional<BookingWindow> bookingWindow,
    Optional<CancelTiers> cancelTiers,
    Optional<OptionalInt> maxUpcomingPerMember,
    Optional<Optional<NoShowPolicy>> noShowPolicy,
    Optional<Duration> reminderBefore,
    Optional<PrepaidRules> prepaidRules,
    Optional<Optional<VenuePolicy.CheckIn>> checkIn) {

  public static final PolicyChange NONE =
      new PolicyChange(
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          OptionalInt.empty(),
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          Optional.empty());

  /** Throws IllegalArgumentException for a value out of the contract's bounds. */
  public VenuePolicy applyTo(VenuePolicy p) {
    return new VenuePolicy(
        holdDuration.orElse(p.holdDuration()),
        cancelCutoff.orElse(p.cancelCutoff()),
        offerDuration.orElse(p.offerDuration()),
        waitlistMode.orElse(p.waitlistMode()),
        maxPerBooking.orElse(p.maxPerBooking()),
        bookingWindow.orElse(p.bookingWindow()),
        cancelTiers.orElse(p.cancelTiers()),
        maxUpcomingPerMember.orElse(p.maxUpcomingPerMember()),
        noShowPolicy.orElse(p.noShowPolicy()),
        reminderBefore.orElse(p.reminderBefore()),
        prepaidRules.orElse(p.prepaidRules()),
        checkIn.orElse(p.checkIn()));
  }
}
