package fairslot.catalog.domain;

import fairslot.kernel.GeoPoint;
import java.time.ZoneId;
import java.util.Optional;

/**
 * A venue. {@code rev} counts its edits: each slot records the revision of the policy and status it
 * carries, so an edit reaches every future slot once and an older edit never overwrites a newer
 * one. {@code address} and {@code location} are how members find it (GET /venues, v1.3).
 */
public record Venue(
    String venueId,
    String name,
    ZoneId timeZone,
    VenuePolicy policy,
    OperatingStatus status,
    long rev,
    Optional<String> address,
    Optional<GeoPoint> location) {

  /** The longest address kept, in characters. */
  public static final int MAX_ADDRESS = 200;

  public Venue {
    if (address.map(a -> a.isBlank() || a.length() > MAX_ADDRESS).orElse(false)) {
      throw new IllegalArgumentException("address must be 1 to " + MAX_ADDRESS + " characters");
    }
  }

  /** A venue with no address or location given. */
  public Venue(
      String venueId,
      String name,
      ZoneId timeZone,
      VenuePolicy policy,
      OperatingStatus status,
      long rev) {
    this(venueId, name, timeZone, policy, status, rev, Optional.empty(), Optional.empty());
  }

  public Venue(String venueId, String name, ZoneId timeZone, VenuePolicy policy) {
    this(venueId, name, timeZone, policy, OperatingStatus.ACTIVE, 0);
  }

  /** This venue where members find it: at {@code address}, at {@code location}. */
  public Venue at(Optional<String> address, Optional<GeoPoint> location) {
    return new Venue(venueId, name, timeZone, policy, status, rev, address, location);
  }
}
