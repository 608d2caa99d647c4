package fairslot.catalog.store;

import static fairslot.table.Attr.n;
import static fairslot.table.Attr.num;
import static fairslot.table.Attr.s;
import static fairslot.table.Attr.str;

import fairslot.catalog.domain.BookingWindow;
import fairslot.catalog.domain.CancelTiers;
import fairslot.catalog.domain.OperatingStatus;
import fairslot.catalog.domain.Venue;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.catalog.domain.WaitlistMode;
import fairslot.kernel.GeoPoint;
import fairslot.member.domain.NoShowPolicy;
import fairslot.money.domain.PrepaidRules;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.time.Duration;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

final class VenueItemMapper {
  private VenueItemMapper() {}

  static Map<String, AttributeValue> toItem(Venue venue) {
    Map<String, AttributeValue> item =
        new HashMap<>(Attr.key(Keys.venue(venue.venueId()), "VENUE"));
    item.put("type", s("VENUE"));
    item.put("venueId", s(venue.venueId()));
    item.put("name", s(venue.name()));
    item.put("timeZone", s(venue.timeZone().getId()));
    PolicyAttributes.write(venue.policy(), item);
    item.put("status", s(venue.status().name()));
    item.put("rev", n(venue.rev()));
    venue.address().ifPresent(a -> item.put("address", s(a)));
    venue
        .location()
        .ifPresent(
            at -> {
              item.put("lat", Attr.decimal(at.lat()));
              item.put("lng", Attr.decimal(at.lng()));
            });
    return item;
  }

  /**
   * The venue's entry in the directory members find venues in (GET /venues): a copy of its item in
   * the one directory partition, written in the same transaction as the venue.
   */
  static Map<String, AttributeValue> directoryEntry(Venue venue) {
    Map<String, AttributeValue> item = toItem(venue);
    item.putAll(Attr.key(Keys.VENUE_DIRECTORY, Keys.venue(venue.venueId())));
    item.put("type", s("VENUE_LISTING"));
    return item;
  }

  static Venue fromItem(Map<String, AttributeValue> item) {
    return new Venue(
        str(item, "venueId"),
        str(item, "name"),
        ZoneId.of(str(item, "timeZone")),
        PolicyAttributes.read(item),
        VenueItemMapper.operatingStatus(item),
        Attr.numOr(item, "rev", 0),
        Attr.optionalString(item, "address"),
        item.containsKey("lat")
            ? Optional.of(new GeoPoint(Attr.dbl(item, "lat"), Attr.dbl(item, "lng")))
            : Optional.empty());
  }

  /** ACTIVE for items written before venues and resources could be disabled. */
  static OperatingStatus operatingStatus(Map<String, AttributeValue> item) {
    return item.containsKey("status")
        ? OperatingStatus.valueOf(str(item, "status"))
        : OperatingStatus.ACTIVE;
  }

  /** The policy's attributes, shared by venue items and the copies slots keep. */
  static final class PolicyAttributes {
    private PolicyAttributes() {}

    static void write(VenuePolicy policy, Map<String, AttributeValue> item) {
      item.put("holdSeconds", n(policy.holdDuration().toSeconds()));
      item.put("cancelCutoffSeconds", n(policy.cancelCutoff().toSeconds()));
      item.put("offerSeconds", n(policy.offerDuration().toSeconds()));
      item.put("waitlistMode", s(policy.waitlistMode().name()));
      item.put("maxPerBooking", n(policy.maxPerBooking()));
      // Always written, so carrying a policy to slots overwrites a window it clears: 0 = none.
      item.put(
          "windowOpensSeconds",
          n(policy.bookingWindow().opensBefore().map(Duration::toSeconds).orElse(0L)));
      item.put("windowClosesSeconds", n(policy.bookingWindow().closesBefore().toSeconds()));
      item.put(
          "cancelTiers", s(policy.cancelTiers().isEmpty() ? "-" : policy.cancelTiers().encode()));
      item.put("maxUpcoming", n(policy.maxUpcomingPerMember().orElse(0)));
      item.put("noShowStrikes", n(policy.noShowPolicy().map(r -> r.strikes()).orElse(0)));
      item.put(
          "noShowWindowSeconds",
          n(policy.noShowPolicy().map(r -> r.window().toSeconds()).orElse(0L)));
      item.put(
          "noShowSuspensionSeconds",
          n(policy.noShowPolicy().map(r -> r.suspension().toSeconds()).orElse(0L)));
      item.put("reminderSeconds", n(policy.reminderBefore().toSeconds()));
      if (policy.prepaidRules() != PrepaidRules.NONE) {
        item.put("prepaidRules", s(policy.prepaidRules().name()));
      }
      policy
          .checkIn()
          .ifPresent(
              w -> {
                item.put("checkInOpensSeconds", n(w.opensBefore().toSeconds()));
                item.put("checkInClosesSeconds", n(w.closesAfter().toSeconds()));
                item.put("checkInRelease", AttributeValue.fromBool(w.releaseUnclaimed()));
              });
    }

    static VenuePolicy read(Map<String, AttributeValue> item) {
      int maxUpcoming = Math.toIntExact(Attr.numOr(item, "maxUpcoming", 0));
      return new VenuePolicy(
          Duration.ofSeconds(num(item, "holdSeconds")),
          Duration.ofSeconds(num(item, "cancelCutoffSeconds")),
          Duration.ofSeconds(num(item, "offerSeconds")),
          WaitlistMode.valueOf(str(item, "waitlistMode")),
          Attr.integer(item, "maxPerBooking"),
          window(item),
          tiers(item),
          maxUpcoming == 0 ? OptionalInt.empty() : OptionalInt.of(maxUpcoming),
          noShows(item),
          // Items written before reminders existed: the default.
          item.containsKey("reminderSeconds")
              ? Duration.ofSeconds(num(item, "reminderSeconds"))
              : VenuePolicy.DEFAULT_REMINDER,
          // Items written before prepaid rules existed, and venues without them: none.
          item.containsKey("prepaidRules")
              ? PrepaidRules.valueOf(str(item, "prepaidRules"))
              : PrepaidRules.NONE,
          checkIn(item));
    }

    /** No window on items written before windows existed, or without one. */
    private static Optional<VenuePolicy.CheckIn> checkIn(Map<String, AttributeValue> item) {
      if (!item.containsKey("checkInOpensSeconds")) {
        return Optional.empty();
      }
      return Optional.of(
          new VenuePolicy.CheckIn(
              Duration.ofSeconds(num(item, "checkInOpensSeconds")),
              Duration.ofSeconds(num(item, "checkInClosesSeconds")),
              Boolean.TRUE.equals(item.get("checkInRelease").bool())));
    }

    /** Items written before a rule existed have none of it. */
    private static CancelTiers tiers(Map<String, AttributeValue> item) {
      String stored = item.containsKey("cancelTiers") ? str(item, "cancelTiers") : "-";
      return stored.equals("-") ? CancelTiers.NONE : CancelTiers.decode(stored);
    }

    private static Optional<NoShowPolicy> noShows(Map<String, AttributeValue> item) {
      long strikes = Attr.numOr(item, "noShowStrikes", 0);
      if (strikes == 0) {
        return Optional.empty();
      }
      return Optional.of(
          new NoShowPolicy(
              Math.toIntExact(strikes),
              Duration.ofSeconds(num(item, "noShowWindowSeconds")),
              Duration.ofSeconds(num(item, "noShowSuspensionSeconds"))));
    }

    /** No window on items written before windows existed. */
    private static BookingWindow window(Map<String, AttributeValue> item) {
      long opens = Attr.numOr(item, "windowOpensSeconds", 0);
      long closes = Attr.numOr(item, "windowClosesSeconds", 0);
      return new BookingWindow(
          opens == 0 ? Optional.empty() : Optional.of(Duration.ofSeconds(opens)),
          Duration.ofSeconds(closes));
    }
  }
}
