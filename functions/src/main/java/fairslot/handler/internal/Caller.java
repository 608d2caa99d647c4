package fairslot.handler.internal;

import fairslot.definitions.Role;
import java.util.Collection;
import java.util.Set;

/** Who is calling: the token's {@code sub} and its {@code cognito:groups}. */
public record Caller(String userId, Set<String> groups) {
  public Caller {
    groups = Set.copyOf(groups);
  }

  /** Any signed-in caller is a CUSTOMER; the other roles are groups. */
  public boolean isAny(Collection<Role> roles) {
    for (Role role : roles) {
      if (role == Role.CUSTOMER || groups.contains(role.group())) {
        return true;
      }
    }
    return false;
  }
}
