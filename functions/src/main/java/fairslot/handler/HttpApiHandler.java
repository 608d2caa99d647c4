package fairslot.handler;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import fairslot.handler.internal.Claims;
import fairslot.handler.internal.HttpRequest;
import fairslot.handler.internal.HttpResponse;
import fairslot.handler.internal.Problems;
import fairslot.handler.internal.SnapStartPriming;
import fairslot.kernel.Refusal;
import fairslot.kernel.Unavailable;
import fairslot.shared.Log;
import fairslot.shared.RequestContext;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** Lambda entry point for the API Gateway HTTP API (payload format 2.0). */
public final class HttpApiHandler
    implements RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> {
  private final HttpApi api;

  /** Used by Lambda: wires the real adapters once per container. */
  public HttpApiHandler() {
    this(Wiring.fromEnvironment().httpApi());
    SnapStartPriming.beforeSnapshot(this::prime);
  }

  /** A slot id no slot has; the priming requests read it and find nothing. */
  static final String PRIMING_SLOT = "snapstart-priming-no-such-slot";

  /**
   * Runs the hot path's code without writing anything: a public slot read and a booking for a slot
   * that does not exist. Both reach DynamoDB (one GetItem each) and answer 404, which loads and
   * warms routing, claims, body parsing, the booking service, the SDK's marshalling and Jackson's
   * writers.
   */
  public List<HttpResponse> prime() {
    APIGatewayV2HTTPEvent read = new APIGatewayV2HTTPEvent();
    read.setRouteKey("GET /slots/{slotId}");
    read.setPathParameters(Map.of("slotId", PRIMING_SLOT));
    APIGatewayV2HTTPEvent book = new APIGatewayV2HTTPEvent();
    book.setRouteKey("POST /bookings");
    book.setBody("{\"slotId\":\"" + PRIMING_SLOT + "\",\"quantity\":1}");
    APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT jwt =
        new APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT();
    jwt.setClaims(Map.of("sub", "snapstart-priming", "cognito:groups", "[customer]"));
    APIGatewayV2HTTPEvent.RequestContext.Authorizer authorizer =
        new APIGatewayV2HTTPEvent.RequestContext.Authorizer();
    authorizer.setJwt(jwt);
    APIGatewayV2HTTPEvent.RequestContext context = new APIGatewayV2HTTPEvent.RequestContext();
    context.setAuthorizer(authorizer);
    book.setRequestContext(context);
    return List.of(handle(read, "snapstart-priming"), handle(book, "snapstart-priming"));
  }

  public HttpApiHandler(HttpApi api) {
    this.api = api;
  }

  @Override
  public APIGatewayV2HTTPResponse handleRequest(APIGatewayV2HTTPEvent event, Context context) {
    String requestId =
        Optional.ofNullable(event.getRequestContext())
            .map(APIGatewayV2HTTPEvent.RequestContext::getRequestId)
            .filter(id -> !id.isBlank())
            .or(() -> Optional.ofNullable(context).map(Context::getAwsRequestId))
            .orElseGet(() -> UUID.randomUUID().toString());
    HttpResponse response =
        RequestContext.with(
            requestId,
            () -> {
              long started = System.nanoTime();
              HttpResponse answer = handle(event, requestId);
              RequestObservation.record(
                  Optional.ofNullable(event.getRouteKey()).orElse("-"),
                  Optional.ofNullable(event.getPathParameters()).orElse(Map.of()),
                  answer,
                  (System.nanoTime() - started) / 1_000_000);
              return answer;
            });
    // The caller can quote it to support, and find it in every log line the request caused.
    return response.withHeader("x-request-id", requestId).toEvent();
  }

  HttpResponse handle(APIGatewayV2HTTPEvent event, String requestId) {
    try {
      return api.handle(toRequest(event));
    } catch (Unavailable busy) {
      // The one retry policy gave up (fairslot.aws.AwsRetries); a retry with the same key is safe.
      Log.warn(
          "dependency unavailable",
          Map.of("requestId", requestId, "error", String.valueOf(busy.getMessage())));
      return Problems.of(
              Refusal.THROTTLED,
              503,
              "busy; try again shortly with the same Idempotency-Key",
              Map.of())
          .withHeader("retry-after", "1");
    } catch (RuntimeException bug) {
      Log.error("unhandled error", requestId, bug);

      return Problems.internal();
    }
  }

  static HttpRequest toRequest(APIGatewayV2HTTPEvent event) {
    Map<String, String> headers = new HashMap<>();
    Optional.ofNullable(event.getHeaders())
        .orElse(Map.of())
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
