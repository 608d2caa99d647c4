package fairslot.handler.internal;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import fairslot.shared.Json;
import java.util.LinkedHashMap;
import java.util.Map;

public record HttpResponse(int status, Map<String, String> headers, String body) {

  public static HttpResponse json(int status, Object body) {
    return new HttpResponse(status, Map.of("content-type", "application/json"), Json.write(body));
  }

  public static HttpResponse rawJson(int status, String body) {
    return new HttpResponse(status, Map.of("content-type", "application/json"), body);
  }

  public static HttpResponse noContent() {
    return new HttpResponse(204, Map.of(), "");
  }

  public HttpResponse withHeader(String name, String value) {
    Map<String, String> h = new LinkedHashMap<>(headers);
    h.put(name, value);
    return new HttpResponse(status, h, body);
  }

  public APIGatewayV2HTTPResponse toEvent() {
    return APIGatewayV2HTTPResponse.builder()
        .withStatusCode(status)
        .withHeaders(headers)
        .withBody(body)
        .withIsBase64Encoded(false)
        .build();
  }
}
