package fairslot.staff.domain;

import java.time.Instant;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * A member's roles at one venue, as granted: who granted them and when. {@code version} counts the
 * grant's changes, so two admins editing it at once cannot silently undo each other.
 */
public record StaffGrant(
    String venueId,
    String userId,
    Set<VenueRole> roles,
    String grantedBy,
    Instant grantedAt,
    long version) {
  public StaffGrant {
    Objects.requireNonNull(venueId);
    Objects.requireNonNull(userId);
    if (roles.isEmpty()) {
      throw new IllegalArgumentException("a grant holds at least one role; revoke it instead");
    }
    roles = Set.copyOf(EnumSet.copyOf(roles));
  }

  /** The grant as it will be after this change: new roles, new granter, the next version. */
  public StaffGrant regranted(Set<VenueRole> newRoles, String by, Instant at) {
    return new StaffGrant(venueId, userId, newRoles, by, at, version + 1);
  }
}
