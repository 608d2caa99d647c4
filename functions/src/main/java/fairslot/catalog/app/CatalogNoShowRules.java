package fairslot.catalog.app;

import fairslot.member.app.NoShowRules;
import java.util.Optional;

/** Member standing's view of a venue's no-show rule, read from the catalog. */
public final class CatalogNoShowRules implements NoShowRules {
  private final CatalogStore catalog;

  public CatalogNoShowRules(CatalogStore catalog) {
    this.catalog = catalog;
  }

  @Override
  public Optional<VenueRule> of(String venueId) {
    return catalog
        .findVenue(venueId)
        .map(v -> new VenueRule(v.venueId(), v.timeZone(), v.policy().noShowPolicy()));
  }
}
