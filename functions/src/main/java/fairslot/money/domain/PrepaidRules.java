package fairslot.money.domain;

import java.util.Arrays;
import java.util.Optional;

/**
 * The rules a venue's prepaid sales follow (API.md v1.3 "Prepaid rules"): none, or Shanghai's rules
 * for prepaid sales by sports and fitness venues, in force from 2025-03-01.
 */
public enum PrepaidRules {
  NONE("NONE"),
  CN_SH_2025("CN-SH-2025");

  private final String wire;

  PrepaidRules(String wire) {
    this.wire = wire;
  }

  /** The name the contract spells it with. */
  public String wire() {
    return wire;
  }

  public static Optional<PrepaidRules> ofWire(String name) {
    return Arrays.stream(values()).filter(r -> r.wire.equals(name)).findFirst();
  }
}
