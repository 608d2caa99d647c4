package fairslot.member.app;

import fairslot.member.domain.NoShowPolicy;
import java.time.ZoneId;
import java.util.Optional;

/** Port: a venue's no-show rule and zone, as standing shows them. The catalog answers it. */
@FunctionalInterface
public interface NoShowRules {
  /** The venue's rule, empty if there is no such venue. */
  Optional<VenueRule> of(String venueId);

  record VenueRule(String venueId, ZoneId timeZone, Optional<NoShowPolicy> rule) {}
}
