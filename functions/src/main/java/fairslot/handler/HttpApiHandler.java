package fairslot.handler;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import fairslot.handler.internal.Claims;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.Log;
import fairslot.handler.internal.Problems;
import fairslot.domain.Refusal;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.core.exception.SdkClientException;

/** Lambda entry point for the API Gateway HTTP API (payload format 2.0). */
public final class HttpApiHandler implements RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> {
  private final HttpApi api;

  /** Used by Lambda: wires the real adapters once per container. */
  public HttpApiHandler() {
    this(Wiring.fromEnvironment().httpApi());
  }

  public HttpApiHandler(HttpApi api) {
    this.api = api;
  }

  @Override
  public APIGatewayV2HTTPResponse handleRequest(APIGatewayV2HTTPEvent event, Context context) {
    return handle(event, context == null ? "-" : context.getAwsRequestId()).toEvent();
  }

  HttpResponse handle(APIGatewayV2HTTPEvent event, String requestId) {
    try {
      return api.handle(toRequest(event));
    } catch (SdkClientException unreachable) {
      Log.error("storage unreachable", requestId, unreachable);
      return Problems.of(Refusal.THROTTLED, 503, "storage is unavailable; try again shortly", Map.of());
    } catch (RuntimeException bug) {
      Log.error("unhandled error", requestId, bug);
      return Problems.internal();
    }
  }

  static HttpRequest toRequest(APIGatewayV2HTTPEvent event) {
    Map<String, String> headers = new HashMap<>();
    Optional.ofNullable(event.getHeaders()).orElse(Map.of())
        .forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), v));
    String body = event.getBody();
    if (body != null && event.getIsBase64Encoded()) {
      body = new String(Base64.getDecoder().decode(body), StandardCharsets.UTF_8);
    }
    return new HttpRequest(
        Optional.ofNullable(event.getRouteKey()).orElse(""),
        Optional.ofNullable(event.getPathParameters()).orElse(Map.of()),
        Optional.ofNullable(event.getQueryStringParameters()).orElse(Map.of()),
        headers,
        body,
        Claims.caller(event));
  }
}
