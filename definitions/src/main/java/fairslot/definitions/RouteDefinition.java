package fairslot.definitions;

import java.util.List;

/**
 * One HTTP API route: its method and path, how API Gateway admits it, and which roles the handler
 * lets through. {@link #routeKey()} is exactly API Gateway's route key, so the handler dispatches
 * on what API Gateway (or the local runtime) puts into the event. Each is generated from
 * functions/openapi.yaml ({@code ApiRoutes}); the checks below fail the class's init if the
 * contract declares a route the handler could not gate.
 */
public record RouteDefinition(
    String method, String path, Access access, List<Role> roles, VenueScope venueScope) {

  public enum Access {
    /** No token needed. */
    PUBLIC,
    /** A JWT validated by the authorizer (Cognito in AWS, HS256 locally). */
    JWT,
    /** No JWT: the handler checks the provider's HMAC signature itself. */
    SIGNED,
    /** Served by the local runtime only, never deployed. */
    LOCAL_ONLY
  }

  public RouteDefinition {
    roles = List.copyOf(roles);
    if ((access == Access.JWT) == roles.isEmpty()) {
      throw new IllegalArgumentException(
          method + " " + path + ": a JWT route names its roles, and only a JWT route does");
    }
    boolean staff = roles.stream().anyMatch(r -> r != Role.CUSTOMER);
    if (staff == (venueScope == VenueScope.NONE)) {
      throw new IllegalArgumentException(
          method + " " + path + ": a staff route says where its venue is, and only a staff route");
    }
  }

  public String routeKey() {
    return method + " " + path;
  }
}
