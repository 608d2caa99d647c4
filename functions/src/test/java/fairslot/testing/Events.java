package fairslot.testing;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** API Gateway HTTP API v2 events as API Gateway would send them for a route. */
public final class Events {
  private Events() {}

  public static Builder route(String routeKey) {
    return new Builder(routeKey);
  }

  public static final class Builder {
    private final String routeKey;
    private final Map<String, String> path = new HashMap<>();
    private final Map<String, String> query = new HashMap<>();
    private final Map<String, String> headers = new HashMap<>();
    private String body;
    private Map<String, String> claims;

    private Builder(String routeKey) {
      this.routeKey = routeKey;
      headers.put("content-type", "application/json");
    }

    public Builder path(String name, String value) {
      path.put(name, value);
      return this;
    }

    public Builder query(String name, String value) {
      query.put(name, value);
      return this;
    }

    public Builder header(String name, String value) {
      headers.put(name, value);
      return this;
    }

    public Builder headers(Map<String, String> more) {
      headers.putAll(more);
      return this;
    }

    public Builder body(String json) {
      this.body = json;
      return this;
    }

    /** Claims as API Gateway's JWT authorizer passes them: arrays flattened to "[a b]". */
    public Builder as(String sub, List<String> groups) {
      claims = new HashMap<>();
      claims.put("sub", sub);
      if (!groups.isEmpty()) {
        claims.put("cognito:groups", "[" + String.join(" ", groups) + "]");
      }
      return this;
    }

    public APIGatewayV2HTTPEvent build() {
      String[] parts = routeKey.split(" ", 2);
      APIGatewayV2HTTPEvent.RequestContext.Authorizer authorizer = null;
      if (claims != null) {
        authorizer =
            APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder()
                .withJwt(
                    APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT
                        .builder()
                        .withClaims(claims)
                        .withScopes(List.of())
                        .build())
                .build();
      }
      return APIGatewayV2HTTPEvent.builder()
          .withVersion("2.0")
          .withRouteKey(routeKey)
          .withRawPath(parts[1])
          .withPathParameters(path.isEmpty() ? null : path)
          .withQueryStringParameters(query.isEmpty() ? null : query)
          .withHeaders(headers)
          .withBody(body)
          .withIsBase64Encoded(false)
          .withRequestContext(
              APIGatewayV2HTTPEvent.RequestContext.builder()
                  .withRouteKey(routeKey)
                  .withHttp(
                      APIGatewayV2HTTPEvent.RequestContext.Http.builder()
                          .withMethod(parts[0])
                          .withPath(parts[1])
                          .build())
                  .withAuthorizer(authorizer)
                  .build())
          .build();
    }
  }
}
