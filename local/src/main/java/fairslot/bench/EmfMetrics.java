package fairslot.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;

/**
 * The custom metrics one EMF line makes: each metric name with each of its dimension sets' values.
 */
final class EmfMetrics {
  private static final ObjectMapper JSON = new ObjectMapper();

  private EmfMetrics() {}

  static List<String> of(String line) {
    List<String> metrics = new ArrayList<>();
    try {
      JsonNode root = JSON.readTree(line);
      for (JsonNode directive : root.path("_aws").path("CloudWatchMetrics")) {
        for (JsonNode set : directive.path("Dimensions")) {
          StringBuilder dims = new StringBuilder();
          set.forEach(
              d ->
                  dims.append(d.asText())
                      .append('=')
                      .append(root.path(d.asText()).asText())
                      .append(','));
          for (JsonNode metric : directive.path("Metrics")) {
            metrics.add(
                directive.path("Namespace").asText()
                    + "/"
                    + metric.path("Name").asText()
                    + "{"
                    + dims
                    + "}");
          }
        }
      }
    } catch (Exception notJson) {
      // not an EMF line after all
    }
    return metrics;
  }
}
