package fairslot.handler.internal;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads the JWT authorizer's claims from the event. API Gateway flattens claims to strings; an
 * array claim such as {@code cognito:groups} arrives as {@code "[admin frontdesk]"}, which is
 * what the local runtime sends too.
 */
public final class Claims {
  private Claims() {}

  public static Optional<Caller> caller(APIGatewayV2HTTPEvent event) {
    Map<String, String> claims = Optional.ofNullable(event.getRequestContext())
        .map(APIGatewayV2HTTPEvent.RequestContext::getAuthorizer)
        .map(APIGatewayV2HTTPEvent.RequestContext.Authorizer::getJwt)
        .map(APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT::getClaims)
        .orElse(Map.of());
    String sub = claims.get("sub");
    if (sub == null || sub.isBlank()) {
      return Optional.empty();
    }
    return Optional.of(new Caller(sub, groups(claims.get("cognito:groups"))));
  }

  static Set<String> groups(String claim) {
    if (claim == null || claim.isBlank()) {
      return Set.of();
    }
    String inner = claim.strip();
    if (inner.startsWith("[") && inner.endsWith("]")) {
      inner = inner.substring(1, inner.length() - 1);
    }
    return Arrays.stream(inner.split("[,\\s]+"))
        .map(s -> s.replace("\"", "").strip())
        .filter(s -> !s.isEmpty())
        .collect(Collectors.toUnmodifiableSet());
  }
}
