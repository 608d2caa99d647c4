package fairslot.handler.internal;

import java.util.Locale;

/** Roles of the contract. CUSTOMER is any signed-in user. */
public enum Role {
  CUSTOMER,
  FRONTDESK,
  FINANCE,
  ADMIN;

  public String group() {
    return name().toLowerCase(Locale.ROOT);
  }
}
