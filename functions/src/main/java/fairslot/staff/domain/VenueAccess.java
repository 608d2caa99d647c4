package fairslot.staff.domain;

import java.util.Collection;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a caller may do as staff: the roles held everywhere (the token's global groups: the platform
 * admin, and the front desk and finance of a single-venue deployment) and the roles granted per
 * venue. A venue role acts on its venue only.
 */
public record VenueAccess(Set<VenueRole> everywhere, Map<String, Set<VenueRole>> byVenue) {
  public VenueAccess {
    everywhere = everywhere.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(everywhere));
    byVenue = Map.copyOf(byVenue);
  }

  public static VenueAccess none() {
    return new VenueAccess(Set.of(), Map.of());
  }

  /** Any of {@code roles} at every venue. */
  public boolean everywhere(Collection<VenueRole> roles) {
    return roles.stream().anyMatch(everywhere::contains);
  }

  /** Any of {@code roles} at {@code venueId}, held there or everywhere. */
  public boolean at(String venueId, Collection<VenueRole> roles) {
    if (everywhere(roles)) {
      return true;
    }
    Set<VenueRole> here = byVenue.getOrDefault(venueId, Set.of());
    return roles.stream().anyMatch(here::contains);
  }

  /** Any of {@code roles} at some venue: worth resolving which venue a request touches. */
  public boolean somewhere(Collection<VenueRole> roles) {
    return everywhere(roles)
        || byVenue.values().stream().anyMatch(held -> roles.stream().anyMatch(held::contains));
  }

  /**
   * The venues a list may show to a caller holding any of {@code roles}: empty means every venue.
   */
  public Optional<Set<String>> venuesFor(Collection<VenueRole> roles) {
    if (everywhere(roles)) {
      return Optional.empty();
    }
    Set<String> venues = new HashSet<>();
    byVenue.forEach(
        (venue, held) -> {
          if (roles.stream().anyMatch(held::contains)) {
            venues.add(venue);
          }
        });
    return Optional.of(Set.copyOf(venues));
  }
}
