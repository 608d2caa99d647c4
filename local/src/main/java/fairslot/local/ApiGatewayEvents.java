package fairslot.local;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.sun.net.httpserver.HttpExchange;
import fairslot.auth.domain.VerifiedCaller;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** Builds the HTTP API payload 2.0 event API Gateway would send for a local request. */
final class ApiGatewayEvents {
  private ApiGatewayEvents() {}

  static APIGatewayV2HTTPEvent of(
      HttpExchange exchange, RouteTable.Match match, String body, VerifiedCaller caller) {
    String method = exchange.getRequestMethod();
    String rawPath = exchange.getRequestURI().getRawPath();
    Map<String, String> headers = new HashMap<>();
    exchange
        .getRequestHeaders()
        .forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), String.join(",", v)));
    Map<String, String> path = new HashMap<>();
    match
        .pathParameters()
        .forEach((k, v) -> path.put(k, URLDecoder.decode(v, StandardCharsets.UTF_8)));
    // what fairslot's Lambda authorizer hands the handler: sub and groups in its context
    APIGatewayV2HTTPEvent.RequestContext.Authorizer authorizer =
        caller == null
            ? null
            : APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder()
                .withLambda(Map.of("sub", caller.sub(), "groups", caller.groupsClaim()))
                .build();
    String routeKey = match.route().routeKey();
    return APIGatewayV2HTTPEvent.builder()
        .withVersion("2.0")
        .withRouteKey(routeKey)
        .withRawPath(rawPath)
        .withRawQueryString(Optional.ofNullable(exchange.getRequestURI().getRawQuery()).orElse(""))
        .withQueryStringParameters(query(exchange.getRequestURI().getRawQuery()))
        .withPathParameters(path.isEmpty() ? null : path)
        .withHeaders(headers)
        .withBody(body.isEmpty() ? null : body)
        .withIsBase64Encoded(false)
        .withRequestContext(
            APIGatewayV2HTTPEvent.RequestContext.builder()
                .withRouteKey(routeKey)
                .withRequestId(UUID.randomUUID().toString())
                .withTimeEpoch(Instant.now().toEpochMilli())
                .withHttp(
                    APIGatewayV2HTTPEvent.RequestContext.Http.builder()
                        .withMethod(method)
                        .withPath(rawPath)
                        .withSourceIp(exchange.getRemoteAddress().getAddress().getHostAddress())
                        .build())
                .withAuthorizer(authorizer)
                .build())
        .build();
  }

  /** Repeated parameters are joined with commas, as in API Gateway's payload 2.0. */
  static Map<String, String> query(String raw) {
    if (raw == null || raw.isEmpty()) {
      return null;
    }
    Map<String, String> params = new LinkedHashMap<>();
    for (String pair : raw.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
      String v = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
      params.merge(k, v, (a, b) -> a + "," + b);
    }
    return params;
  }
}
