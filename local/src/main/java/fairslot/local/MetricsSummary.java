package fairslot.local;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairslot.shared.Output;
import java.util.Map;
import java.util.TreeMap;

/**
 * GET /_local/metrics: what the EMF lines printed so far add up to, per metric and per metric with
 * its dimensions (as CloudWatch would chart them): lines, sum and max.
 */
final class MetricsSummary implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  private record Totals(long lines, long sum, long max) {
    Totals plus(long value) {
      return new Totals(lines + 1, sum + value, Math.max(max, value));
    }
  }

  private final Map<String, Totals> byMetric = new TreeMap<>();
  private final Map<String, Totals> bySeries = new TreeMap<>();
  private final AutoCloseable listening = Output.listen(this::hear);

  private void hear(String line) {
    if (!line.startsWith("{\"_aws\"")) {
      return;
    }
    try {
      JsonNode root = JSON.readTree(line);
      for (JsonNode directive : root.path("_aws").path("CloudWatchMetrics")) {
        StringBuilder dims = new StringBuilder();
        for (JsonNode set : directive.path("Dimensions")) {
          for (JsonNode key : set) {
            if (!key.asText().equals("Service")) {
              dims.append(dims.length() == 0 ? "" : ",")
                  .append(key.asText())
                  .append('=')
                  .append(root.path(key.asText()).asText());
            }
          }
        }
        for (JsonNode metric : directive.path("Metrics")) {
          String name = metric.path("Name").asText();
          long value = root.path(name).asLong();
          synchronized (this) {
            byMetric.merge(name, new Totals(1, value, value), (a, b) -> a.plus(value));
            String series = dims.length() == 0 ? name : name + "{" + dims + "}";
            bySeries.merge(series, new Totals(1, value, value), (a, b) -> a.plus(value));
          }
        }
      }
    } catch (Exception notEmf) {
      // a line that only looks like EMF: not ours to count
    }
  }

  synchronized String json() {
    try {
      return JSON.writeValueAsString(Map.of("metrics", byMetric, "series", bySeries));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() throws Exception {
    listening.close();
  }
}
