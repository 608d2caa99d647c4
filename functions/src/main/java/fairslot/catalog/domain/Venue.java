package fairslot.catalog.domain;

import java.time.ZoneId;

/**
 * A venue. {@code rev} counts its edits: each slot records the revision of the policy and status it
 * carries, so an edit reaches every future slot once and an older edit never overwrites a newer
 * one.
 */
public record Venue(
    String venueId,
    String name,
    ZoneId timeZone,
    VenuePolicy policy,
    OperatingStatus status,
    long rev) {

  public Venue(String venueId, String name, ZoneId timeZone, VenuePolicy policy) {
    this(venueId, name, timeZone, policy, OperatingStatus.ACTIVE, 0);
  }
}
