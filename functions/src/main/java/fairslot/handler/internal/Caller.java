package fairslot.handler.internal;

import java.util.Set;

/** Who is calling: the token's {@code sub} and its {@code cognito:groups}. */
public record Caller(String userId, Set<String> groups) {
  public Caller {
    groups = Set.copyOf(groups);
  }

  public boolean isAny(Role... roles) {
    for (Role role : roles) {
      if (role == Role.CUSTOMER || groups.contains(role.group())) {
        return true;
      }
    }
    return false;
  }
}
