package fairslot.staff.domain;

import java.util.Locale;
import java.util.Optional;

/** A role granted at one venue: the venue's admin, its front desk, its finance. */
public enum VenueRole {
  ADMIN,
  FRONTDESK,
  FINANCE;

  /** How the contract spells it: {@code "admin"}, {@code "frontdesk"}, {@code "finance"}. */
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Optional<VenueRole> parse(String wire) {
    for (VenueRole r : values()) {
      if (r.wire().equals(wire)) {
        return Optional.of(r);
      }
    }
    return Optional.empty();
  }
}
