package fairslot.catalog.domain;

import fairslot.kernel.GeoPoint;
import java.util.Optional;

/**
 * An admin's edit of a venue (PATCH /venues/{id}). Its policy reaches bookings made after it: each
 * future slot carries the new policy and revision, and a booking copies them (see {@link
 * BookedSlot}). An address or location given replaces the one kept.
 */
public record VenueEdit(
    Optional<String> name,
    PolicyChange policy,
    Optional<OperatingStatus> status,
    Optional<String> address,
    Optional<GeoPoint> location) {

  /** An edit of the name, policy or status only. */
  public VenueEdit(Optional<String> name, PolicyChange policy, Optional<OperatingStatus> status) {
    this(name, policy, status, Optional.empty(), Optional.empty());
  }

  /** The venue after the edit, one revision on. */
  public Venue applyTo(Venue v) {
    return new Venue(
        v.venueId(),
        name.orElse(v.name()),
        v.timeZone(),
        policy.applyTo(v.policy()),
        status.orElse(v.status()),
        v.rev() + 1,
        address.or(v::address),
        location.or(v::location));
  }

  /**
   * Whether only where members find the venue changes (its address or location): nothing a slot
   * carries, so no future slot is rewritten and no booking in flight is made again for it.
   */
  public boolean changesOnlyThePlace(Venue v) {
    Venue next = applyTo(v);
    return next.name().equals(v.name())
        && next.policy().equals(v.policy())
        && next.status() == v.status();
  }

  public boolean changesNothing(Venue v) {
    Venue next = applyTo(v);
    return next.name().equals(v.name())
        && next.policy().equals(v.policy())
        && next.status() == v.status()
        && next.address().equals(v.address())
        && next.location().equals(v.location());
  }
}
