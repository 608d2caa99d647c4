package fairslot.bench;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import fairslot.handler.HttpApiHandler;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** API Gateway HTTP API events handed straight to the HTTP function, as a benchmark sends them. */
final class HandlerCalls {
  private HandlerCalls() {}

  static APIGatewayV2HTTPResponse call(
      HttpApiHandler handler,
      String routeKey,
      Map<String, String> path,
      Map<String, String> query,
      String body,
      String user,
      String group) {
    return handler.handleRequest(event(routeKey, path, query, body, user, group), null);
  }

  static APIGatewayV2HTTPEvent event(
      String routeKey,
      Map<String, String> path,
      Map<String, String> query,
      String body,
      String user,
      String group) {
    APIGatewayV2HTTPEvent.RequestContext.Authorizer authorizer =
        user == null
            ? null
            : APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder()
                .withJwt(
                    APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT
                        .builder()
                        .withClaims(Map.of("sub", user, "cognito:groups", "[" + group + "]"))
                        .withScopes(List.of())
                        .build())
                .build();
    return APIGatewayV2HTTPEvent.builder()
        .withRouteKey(routeKey)
        .withPathParameters(path)
        .withQueryStringParameters(query.isEmpty() ? null : query)
        .withHeaders(new HashMap<>(Map.of("content-type", "application/json")))
        .withBody(body)
        .withIsBase64Encoded(false)
        .withRequestContext(
            APIGatewayV2HTTPEvent.RequestContext.builder().withAuthorizer(authorizer).build())
        .build();
  }
}
