package fairslot.definitions;

/**
 * One HTTP API route. {@link #routeKey()} is exactly API Gateway's route key, so the handler
 * dispatches on what API Gateway (or the local runtime) puts into the event.
 */
public record RouteDefinition(String method, String path, Access access) {

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

  public String routeKey() {
    return method + " " + path;
  }
}
