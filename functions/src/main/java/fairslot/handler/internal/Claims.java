package fairslot.handler.internal;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.fasterxml.jackson.databind.JsonNode;
import fairslot.shared.Json;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads who the authorizer let in from the event. fairslot's Lambda authorizer (which accepts
 * Cognito's tokens and fairslot's own) passes {@code sub} and {@code groups} in its context; an
 * event from API Gateway's JWT authorizer (older sample events, tests) carries the claims, which
 * API Gateway flattens to strings: an array claim such as {@code cognito:groups} arrives as {@code
 * "[admin frontdesk]"}, the form the authorizer's {@code groups} takes too.
 */
public final class Claims {
  private Claims() {}

  public static Optional<Caller> caller(APIGatewayV2HTTPEvent event) {
    Optional<APIGatewayV2HTTPEvent.RequestContext.Authorizer> authorizer =
        Optional.ofNullable(event.getRequestContext())
            .map(APIGatewayV2HTTPEvent.RequestContext::getAuthorizer);
    Map<String, Object> context =
        authorizer.map(APIGatewayV2HTTPEvent.RequestContext.Authorizer::getLambda).orElse(Map.of());
    if (context.get("sub") instanceof String sub && !sub.isBlank()) {
      return Optional.of(
          new Caller(sub, groups(context.get("groups") instanceof String g ? g : null)));
    }
    Map<String, String> claims =
        authorizer
            .map(APIGatewayV2HTTPEvent.RequestContext.Authorizer::getJwt)
            .map(APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT::getClaims)
            .orElse(Map.of());
    String sub = claims.get("sub");
    if (sub == null || sub.isBlank()) {
      return Optional.empty();
    }
    return Optional.of(new Caller(sub, groups(claims.get("cognito:groups"))));
  }

  /**
   * Exact group names only. Two shapes arrive: a JSON array ({@code ["admin","frontdesk"]}), and
   * API Gateway's flattened form ({@code [admin frontdesk]}: space-separated, since a Cognito group
   * name cannot contain white space). Nothing is split on commas or stripped of quotes, so a group
   * named {@code ops,admin} or {@code "x} grants nothing but itself. Anything else grants no group.
   */
  static Set<String> groups(String claim) {
    if (claim == null || claim.isBlank()) {
      return Set.of();
    }
    String text = claim.strip();
    if (!text.startsWith("[") || !text.endsWith("]")) {
      return Set.of();
    }
    if (text.substring(1).strip().startsWith("\"")) {
      try {
        JsonNode array = Json.read(text);
        Set<String> names = new HashSet<>();
        for (JsonNode item : array) {
          if (!item.isTextual()) {
            return Set.of();
          }
          names.add(item.asText());
        }
        return Set.copyOf(names);
      } catch (Exception notJson) {
        return Set.of();
      }
    }
    return Arrays.stream(text.substring(1, text.length() - 1).split("\\s+"))
        .filter(s -> !s.isEmpty())
        .collect(Collectors.toUnmodifiableSet());
  }
}
