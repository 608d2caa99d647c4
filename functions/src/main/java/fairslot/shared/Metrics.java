package fairslot.shared;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * CloudWatch metrics as Embedded Metric Format log lines: no API call on the hot path, CloudWatch
 * extracts the metrics from the function's log. One line per event, with its dimensions (bounded
 * ones only: a route, a refusal code, a job, a venue) and the request id as a property, so a metric
 * can be traced back to its request in Logs Insights.
 *
 * <p>Written here rather than taken from Powertools: the few lines it needs cost nothing at cold
 * start, and {@code EmfTest} checks them against the specification.
 */
public final class Metrics {
  public static final String NAMESPACE = "fairslot";

  private static final Clock CLOCK = Clock.systemUTC();

  private final Map<String, String> dimensions = new LinkedHashMap<>();
  private final Map<String, Number> values = new LinkedHashMap<>();
  private final Map<String, String> units = new LinkedHashMap<>();
  private final Map<String, Object> properties = new LinkedHashMap<>();

  private Metrics() {
    // Every line has at least this dimension: one place to find all of fairslot's metrics.
    dimensions.put("Service", NAMESPACE);
  }

  /** A line to fill and {@link #emit}. */
  public static Metrics line() {
    return new Metrics();
  }

  /** A single count of one, with these dimensions. */
  public static void count(String name, Map<String, String> dimensions) {
    Metrics line = line();
    dimensions.forEach(line::dimension);
    line.count(name, 1).emit();
  }

  public Metrics dimension(String name, String value) {
    dimensions.put(name, value);
    return this;
  }

  public Metrics count(String name, long value) {
    return value(name, value, "Count");
  }

  public Metrics milliseconds(String name, long value) {
    return value(name, value, "Milliseconds");
  }

  public Metrics property(String name, Object value) {
    properties.put(name, value);
    return this;
  }

  private Metrics value(String name, Number value, String unit) {
    values.put(name, value);
    units.put(name, unit);
    return this;
  }

  public void emit() {
    if (values.isEmpty()) {
      return;
    }
    ObjectNode root = Json.object();
    ObjectNode aws = root.putObject("_aws");
    aws.put("Timestamp", CLOCK.millis());
    ObjectNode directive = aws.putArray("CloudWatchMetrics").addObject();
    directive.put("Namespace", NAMESPACE);
    ArrayNode dimensionSet = directive.putArray("Dimensions").addArray();
    dimensions.keySet().forEach(dimensionSet::add);
    ArrayNode metrics = directive.putArray("Metrics");
    units.forEach((name, unit) -> metrics.addObject().put("Name", name).put("Unit", unit));
    dimensions.forEach(root::put);
    values.forEach((name, value) -> root.put(name, value.longValue()));
    RequestContext.current().ifPresent(id -> root.put("requestId", id));
    RequestContext.traceId().ifPresent(t -> root.put("traceId", t));
    properties.forEach((k, v) -> root.set(k, Json.tree(v)));
    Output.line(Json.write(root));
  }
}
