package fairslot.handler;

import fairslot.handler.internal.HttpResponse;
import fairslot.shared.Json;
import fairslot.shared.Log;
import fairslot.shared.Metrics;
import java.util.Map;

/**
 * What every HTTP request leaves behind: one access log line and one metric line (requests, 4xx,
 * 5xx, 503s, latency, by route), and a refusal count by its problem code. Route and code are
 * bounded sets, so they are safe dimensions.
 */
final class RequestObservation {
  private RequestObservation() {}

  static void record(
      String route, Map<String, String> pathIds, HttpResponse response, long millis) {
    int status = response.status();
    Metrics.line()
        .dimension("Route", route)
        .count("Requests", 1)
        .count("Responses4xx", status >= 400 && status < 500 ? 1 : 0)
        .count("Responses5xx", status >= 500 ? 1 : 0)
        .count("Unavailable", status == 503 ? 1 : 0)
        .milliseconds("Latency", millis)
        .emit();
    String code = status >= 400 ? codeOf(response) : "";
    if (!code.isEmpty()) {
      Metrics.count("Refusals", Map.of("Code", code));
    }
    // The ids the path names (slotId, bookingId, entryId, ...), so a booking's lines can be found
    // by its id as well as by the request's.
    Map<String, Object> fields = new java.util.LinkedHashMap<>(pathIds);
    fields.put("route", route);
    fields.put("status", status);
    fields.put("latencyMs", millis);
    if (!code.isEmpty()) {
      fields.put("code", code);
    }
    Log.info("request", fields);
  }

  /** The problem's {@code code}; empty for a body that is not a problem. */
  private static String codeOf(HttpResponse response) {
    try {
      return Json.MAPPER.readTree(response.body()).path("code").asText("");
    } catch (Exception notJson) {
      return "";
    }
  }
}
