package fairslot.handler.http;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.catalog.domain.BookingWindow;
import fairslot.catalog.domain.CancelTier;
import fairslot.catalog.domain.CancelTiers;
import fairslot.catalog.domain.PolicyChange;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.catalog.domain.WaitlistMode;
import fairslot.handler.internal.InvalidInput;
import fairslot.handler.internal.RequestBody;
import fairslot.member.domain.NoShowPolicy;
import fairslot.money.domain.PrepaidRules;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/** A venue's booking policy read from a create or edit body, with the contract's bounds. */
final class PolicyRequests {
  private PolicyRequests() {}

  private static final Set<String> POLICY_FIELDS =
      Set.of(
          "holdDuration",
          "cancelCutoff",
          "offerDuration",
          "waitlistMode",
          "maxPerBooking",
          "bookingWindow",
          "cancelTiers",
          "maxUpcomingPerMember",
          "noShowPolicy",
          "reminderBefore",
          "prepaidRules",
          "checkIn");
  private static final Set<String> CHECK_IN_FIELDS =
      Set.of("opensBefore", "closesAfter", "releaseUnclaimed");
  private static final Set<String> WINDOW_FIELDS = Set.of("opensBefore", "closesBefore");
  private static final Set<String> TIER_FIELDS = Set.of("before", "refundPercent");
  private static final Set<String> NO_SHOW_FIELDS = Set.of("strikes", "window", "suspension");

  /** The policy of a new venue: the fields given, the defaults for the rest. */
  static VenuePolicy policy(RequestBody body) {
    RequestBody p = body.object("policy").onlyFields("policy", POLICY_FIELDS);
    VenuePolicy d = VenuePolicy.DEFAULT;
    try {
      return new VenuePolicy(
          p.optionalDuration("holdDuration").orElse(d.holdDuration()),
          p.optionalDuration("cancelCutoff").orElse(d.cancelCutoff()),
          p.optionalDuration("offerDuration").orElse(d.offerDuration()),
          p.optionalEnum("waitlistMode", WaitlistMode.class).orElse(d.waitlistMode()),
          p.optionalInteger("maxPerBooking").orElse(d.maxPerBooking()),
          bookingWindow(p).orElse(d.bookingWindow()),
          cancelTiers(p).orElse(d.cancelTiers()),
          maxUpcoming(p).orElse(d.maxUpcomingPerMember()),
          noShowPolicy(p).orElse(d.noShowPolicy()),
          p.optionalDuration("reminderBefore").orElse(d.reminderBefore()),
          prepaidRules(p).orElse(d.prepaidRules()),
          checkIn(p).orElse(d.checkIn()));
    } catch (IllegalArgumentException e) {
      throw InvalidInput.unprocessable("policy: " + e.getMessage());
    }
  }

  /**
   * The policy fields a venue edit names (a merge patch: the others keep their value), each within
   * the contract's bounds.
   */
  static PolicyChange policyChange(RequestBody body) {
    RequestBody p = body.object("policy").onlyFields("policy", POLICY_FIELDS);
    PolicyChange change =
        new PolicyChange(
            p.optionalDuration("holdDuration"),
            p.optionalDuration("cancelCutoff"),
            p.optionalDuration("offerDuration"),
            p.optionalEnum("waitlistMode", WaitlistMode.class),
            p.optionalInteger("maxPerBooking"),
            bookingWindow(p),
            cancelTiers(p),
            maxUpcoming(p),
            noShowPolicy(p),
            p.optionalDuration("reminderBefore"),
            prepaidRules(p),
            checkIn(p));
    try {
      change.applyTo(VenuePolicy.DEFAULT); // each bound is per field: judged on any policy
    } catch (IllegalArgumentException e) {
      throw InvalidInput.unprocessable("policy: " + e.getMessage());
    }
    return change;
  }

  /**
   * The policy's {@code bookingWindow}: absent, empty; {@code null}, no window ({@link
   * BookingWindow#ALWAYS}); an object, that window as a whole.
   */
  private static Optional<BookingWindow> bookingWindow(RequestBody policy) {
    JsonNode given = policy.tree().get("bookingWindow");
    if (given == null) {
      return Optional.empty();
    }
    if (given.isNull()) {
      return Optional.of(BookingWindow.ALWAYS);
    }
    RequestBody w = policy.object("bookingWindow").onlyFields("bookingWindow", WINDOW_FIELDS);
    try {
      return Optional.of(
          new BookingWindow(
              w.optionalDuration("opensBefore"),
              w.optionalDuration("closesBefore").orElse(Duration.ZERO)));
    } catch (IllegalArgumentException e) {
      throw InvalidInput.unprocessable("policy: " + e.getMessage());
    }
  }

  /** {@code cancelTiers}: absent, empty; {@code null} or {@code []}, none; else the tiers. */
  private static Optional<CancelTiers> cancelTiers(RequestBody policy) {
    JsonNode given = policy.tree().get("cancelTiers");
    if (given == null) {
      return Optional.empty();
    }
    if (given.isNull() || (given.isArray() && given.isEmpty())) {
      return Optional.of(CancelTiers.NONE);
    }
    try {
      List<CancelTier> tiers = new ArrayList<>();
      for (RequestBody t : policy.objects("cancelTiers", CancelTiers.MAX_TIERS)) {
        t.onlyFields("cancelTiers[]", TIER_FIELDS);
        tiers.add(
            new CancelTier(
                t.optionalDuration("before")
                    .orElseThrow(
                        () -> InvalidInput.unprocessable("cancelTiers[].before is required")),
                t.integer("refundPercent")));
      }
      return Optional.of(new CancelTiers(tiers));
    } catch (IllegalArgumentException e) {
      throw InvalidInput.unprocessable("policy: " + e.getMessage());
    }
  }

  /** {@code checkIn}: absent, empty; {@code null}, no window; an object, that window whole. */
  private static Optional<Optional<VenuePolicy.CheckIn>> checkIn(RequestBody policy) {
    JsonNode given = policy.tree().get("checkIn");
    if (given == null) {
      return Optional.empty();
    }
    if (given.isNull()) {
      return Optional.of(Optional.empty());
    }
    RequestBody w = policy.object("checkIn").onlyFields("checkIn", CHECK_IN_FIELDS);
    try {
      return Optional.of(
          Optional.of(
              new VenuePolicy.CheckIn(
                  w.optionalDuration("opensBefore")
                      .orElseThrow(
                          () -> InvalidInput.unprocessable("checkIn.opensBefore is required")),
                  w.optionalDuration("closesAfter")
                      .orElseThrow(
                          () -> InvalidInput.unprocessable("checkIn.closesAfter is required")),
                  releaseUnclaimed(w))));
    } catch (IllegalArgumentException e) {
      throw InvalidInput.unprocessable("policy: " + e.getMessage());
    }
  }

  /**
   * {@code checkIn.releaseUnclaimed}: the release of unclaimed seats at the window's close is not
   * built yet, so asking for it is refused rather than kept and silently not done.
   */
  private static boolean releaseUnclaimed(RequestBody window) {
    if (window.optionalBoolean("releaseUnclaimed").orElse(false)) {
      throw InvalidInput.unprocessable(
          "checkIn.releaseUnclaimed is not available yet: unclaimed bookings become NO_SHOW when"
              + " their slot ends, keeping their seats");
    }
    return false;
  }

  /** {@code prepaidRules}: absent, empty; else one of the contract's names. */
  private static Optional<PrepaidRules> prepaidRules(RequestBody policy) {
    return policy
        .optionalText("prepaidRules")
        .map(
            name ->
                PrepaidRules.ofWire(name)
                    .orElseThrow(
                        () ->
                            InvalidInput.unprocessable(
                                "policy.prepaidRules must be NONE or CN-SH-2025")));
  }

  /** {@code maxUpcomingPerMember}: absent, empty; {@code null}, no limit; else the limit. */
  private static Optional<OptionalInt> maxUpcoming(RequestBody policy) {
    JsonNode given = policy.tree().get("maxUpcomingPerMember");
    if (given == null) {
      return Optional.empty();
    }
    return Optional.of(policy.optionalInteger("maxUpcomingPerMember"));
  }

  /** {@code noShowPolicy}: absent, empty; {@code null}, none; an object, that rule. */
  private static Optional<Optional<NoShowPolicy>> noShowPolicy(RequestBody policy) {
    JsonNode given = policy.tree().get("noShowPolicy");
    if (given == null) {
      return Optional.empty();
    }
    if (given.isNull()) {
      return Optional.of(Optional.empty());
    }
    RequestBody r = policy.object("noShowPolicy").onlyFields("noShowPolicy", NO_SHOW_FIELDS);
    try {
      return Optional.of(
          Optional.of(
              new NoShowPolicy(
                  r.integer("strikes"),
                  r.optionalDuration("window")
                      .orElseThrow(
                          () -> InvalidInput.unprocessable("noShowPolicy.window is required")),
                  r.optionalDuration("suspension")
                      .orElseThrow(
                          () ->
                              InvalidInput.unprocessable("noShowPolicy.suspension is required")))));
    } catch (IllegalArgumentException e) {
      throw InvalidInput.unprocessable("policy: " + e.getMessage());
    }
  }
}
