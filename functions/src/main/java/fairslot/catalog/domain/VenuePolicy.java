package fairslot.catalog.domain;

import fairslot.member.domain.NoShowPolicy;
import fairslot.money.domain.PrepaidRules;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Booking rules a venue sets. Slots copy the policy when they are created (see docs/data-model.md).
 */
public record VenuePolicy(
    Duration holdDuration,
    Duration cancelCutoff,
    Duration offerDuration,
    WaitlistMode waitlistMode,
    int maxPerBooking,
    BookingWindow bookingWindow,
    CancelTiers cancelTiers,
    OptionalInt maxUpcomingPerMember,
    Optional<NoShowPolicy> noShowPolicy,
    Duration reminderBefore,
    PrepaidRules prepaidRules,
    Optional<CheckIn> checkIn) {

  /**
   * When a PAID booking may be checked in (v1.3 "Booking rules, second pass"): from {@code
   * opensBefore} its start to {@code closesAfter} it; {@code releaseUnclaimed}, whether an
   * unclaimed booking's seats go back at the window's close.
   */
  public record CheckIn(Duration opensBefore, Duration closesAfter, boolean releaseUnclaimed) {
    public static final Duration MAX = Duration.ofDays(1);

    public CheckIn {
      if (opensBefore.isNegative() || opensBefore.compareTo(MAX) > 0) {
        throw new IllegalArgumentException("checkIn.opensBefore must be from PT0S to P1D");
      }
      if (closesAfter.isNegative() || closesAfter.compareTo(MAX) > 0) {
        throw new IllegalArgumentException("checkIn.closesAfter must be from PT0S to P1D");
      }
    }
  }

  /**
   * The contract's bounds (v1.1 "Venue operations"): beyond them instants overflow and every
   * booking would fail.
   */
  public static final Duration MAX_HOLD_OR_OFFER = Duration.ofDays(7);

  public static final Duration MAX_CANCEL_CUTOFF = Duration.ofDays(365);
  public static final int MAX_PER_BOOKING = 100;

  public static final VenuePolicy DEFAULT =
      new VenuePolicy(
          Duration.ofMinutes(15),
          Duration.ofHours(2),
          Duration.ofMinutes(30),
          WaitlistMode.OFFER,
          4,
          BookingWindow.ALWAYS,
          CancelTiers.NONE,
          OptionalInt.empty(),
          Optional.empty(),
          Duration.ofHours(2),
          PrepaidRules.NONE,
          Optional.empty());

  /** The upper bound of {@code maxUpcomingPerMember}. */
  public static final int MAX_UPCOMING = 1000;

  /** A policy with the v1.2 fields, no prepaid rules and no check-in window. */
  public VenuePolicy(
      Duration holdDuration,
      Duration cancelCutoff,
      Duration offerDuration,
      WaitlistMode waitlistMode,
      int maxPerBooking,
      BookingWindow bookingWindow,
      CancelTiers cancelTiers,
      OptionalInt maxUpcomingPerMember,
      Optional<NoShowPolicy> noShowPolicy,
      Duration reminderBefore) {
    this(
        holdDuration,
        cancelCutoff,
        offerDuration,
        waitlistMode,
        maxPerBooking,
        bookingWindow,
        cancelTiers,
        maxUpcomingPerMember,
        noShowPolicy,
        reminderBefore,
        PrepaidRules.NONE,
        Optional.empty());
  }

  /** A policy with the v1.1 member rules and the default reminder (two hours ahead). */
  public VenuePolicy(
      Duration holdDuration,
      Duration cancelCutoff,
      Duration offerDuration,
      WaitlistMode waitlistMode,
      int maxPerBooking,
      BookingWindow bookingWindow,
      CancelTiers cancelTiers,
      OptionalInt maxUpcomingPerMember,
      Optional<NoShowPolicy> noShowPolicy) {
    this(
        holdDuration,
        cancelCutoff,
        offerDuration,
        waitlistMode,
        maxPerBooking,
        bookingWindow,
        cancelTiers,
        maxUpcomingPerMember,
        noShowPolicy,
        DEFAULT_REMINDER);
  }

  /** {@code reminderBefore} when a venue names none (v1.1 "Booking policy"). */
  public static final Duration DEFAULT_REMINDER = Duration.ofHours(2);

  /** A policy with the v1.0 fields and a window; the later v1.1 rules unset. */
  public VenuePolicy(
      Duration holdDuration,
      Duration cancelCutoff,
      Duration offerDuration,
      WaitlistMode waitlistMode,
      int maxPerBooking,
      BookingWindow bookingWindow) {
    this(
        holdDuration,
        cancelCutoff,
        offerDuration,
        waitlistMode,
        maxPerBooking,
        bookingWindow,
        CancelTiers.NONE,
        OptionalInt.empty(),
        Optional.empty());
  }

  /** This policy under {@code rules} for its prepaid sales. */
  public VenuePolicy withPrepaidRules(PrepaidRules rules) {
    return with(rules, checkIn);
  }

  /** This policy with {@code window} for check-in. */
  public VenuePolicy withCheckIn(CheckIn window) {
    return with(prepaidRules, Optional.of(window));
  }

  private VenuePolicy with(PrepaidRules rules, Optional<CheckIn> window) {
    return new VenuePolicy(
        holdDuration,
        cancelCutoff,
        offerDuration,
        waitlistMode,
        maxPerBooking,
        bookingWindow,
        cancelTiers,
        maxUpcomingPerMember,
        noShowPolicy,
        reminderBefore,
        rules,
        window);
  }

  /** The refund steps paid cancels follow: the tiers, or {@code cancelCutoff} as one 100 % tier. */
  public CancelTiers effectiveCancelTiers() {
    return cancelTiers.orCutoff(cancelCutoff);
  }

  public VenuePolicy {
    if (holdDuration.compareTo(Duration.ofSeconds(1)) < 0
        || holdDuration.compareTo(MAX_HOLD_OR_OFFER) > 0) {
      throw new IllegalArgumentException("holdDuration must be from PT1S to P7D");
    }
    if (cancelCutoff.isNegative() || cancelCutoff.compareTo(MAX_CANCEL_CUTOFF) > 0) {
      throw new IllegalArgumentException("cancelCutoff must be from PT0S to P365D");
    }
    if (offerDuration.compareTo(Duration.ofSeconds(1)) < 0
        || offerDuration.compareTo(MAX_HOLD_OR_OFFER) > 0) {
      throw new IllegalArgumentException("offerDuration must be from PT1S to P7D");
    }
    if (maxPerBooking < 1 || maxPerBooking > MAX_PER_BOOKING) {
      throw new IllegalArgumentException("maxPerBooking must be from 1 to 100");
    }
    // PT0S: no reminders. Longer than a booking window could open is a mistake, not a wish.
    if (reminderBefore.isNegative() || reminderBefore.compareTo(MAX_HOLD_OR_OFFER) > 0) {
      throw new IllegalArgumentException("reminderBefore must be from PT0S to P7D");
    }
    maxUpcomingPerMember.ifPresent(
        most -> {
          if (most < 1 || most > MAX_UPCOMING) {
            throw new IllegalArgumentException("maxUpcomingPerMember must be from 1 to 1000");
          }
        });
  }
}
