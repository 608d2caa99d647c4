package fairslot.auth.domain;

import java.util.Set;

/** Who a verified token speaks for: its subject and the groups it carries (none for a member). */
public record VerifiedCaller(String sub, Set<String> groups) {
  public VerifiedCaller {
    groups = Set.copyOf(groups);
  }

  /** The groups as API Gateway flattens an array claim, {@code [a b]}, which Claims reads. */
  public String groupsClaim() {
    return "[" + String.join(" ", groups.stream().sorted().toList()) + "]";
  }
}
