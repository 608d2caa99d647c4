package fairslot.handler;

import fairslot.handler.internal.HttpResponse;
import fairslot.shared.Json;
import fairslot.shared.Log;
import fairslot.shared.Metrics;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What every HTTP request leaves behind: one access log line and one metric line (requests and 503s
 * by route as metrics; 4xx, 5xx and latency as its fields), and a refusal count by its problem
 * code. Route and code are bounded sets, so they are safe dimensions.
 */
public final class RequestObservation {
  private RequestObservation() {}

  /** Public for {@code bench observability}, which measures what a request's lines cost. */
  public static void record(
      String route, Map<String, String> pathIds, HttpResponse response, long millis) {
    int status = response.status();
    // Only the dashboard's traffic by route is a metric by route: each route's metric is a custom
    // metric billed monthly (bench cost-model). The 4xx, 5xx and latency stay on the line for Logs
    // Insights; the API's own metrics give them for the whole API.
    Metrics.line()
        .dimension("Route", route)
        .count("Requests", 1)
        .property("Unavailable", status == 503 ? 1 : 0)
        .property("Responses4xx", status >= 400 && status < 500 ? 1 : 0)
        .property("Responses5xx", status >= 500 ? 1 : 0)
        .property("Latency", millis)
        .emit();
    if (status == 503) {
      // the retry policy gave up: one metric for the whole API, its route on the line above
      Metrics.count("Unavailable", Map.of());
    }
    String code = status >= 400 ? codeOf(response) : "";
    if (!code.isEmpty()) {
      Metrics.count("Refusals", Map.of("Code", code));
    }
    // The ids the path names (slotId, bookingId, entryId, ...), so a booking's lines can be found
    // by its id as well as by the request's.
    Map<String, Object> fields = new LinkedHashMap<>(pathIds);
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
      return Json.read(response.body()).path("code").asText("");
    } catch (Exception notJson) {
      return "";
    }
  }
}
