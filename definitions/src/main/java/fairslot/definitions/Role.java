package fairslot.definitions;

import java.util.Locale;

/** The contract's roles. CUSTOMER is any signed-in user; the others are Cognito groups. */
public enum Role {
  CUSTOMER,
  FRONTDESK,
  FINANCE,
  ADMIN;

  /** The group name in the token's {@code cognito:groups} claim. */
  public String group() {
    return name().toLowerCase(Locale.ROOT);
  }
}
