package fairslot.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairslot.shared.Output;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The log and metric lines the code really wrote, heard through {@link Output}, and the Embedded
 * Metric Format's rules (the CloudWatch specification) that every metric line must keep.
 */
public final class EmfLines implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The units the specification allows. */
  static final Set<String> UNITS =
      Set.of(
          "Seconds",
          "Microseconds",
          "Milliseconds",
          "Bytes",
          "Kilobytes",
          "Megabytes",
          "Gigabytes",
          "Terabytes",
          "Bits",
          "Kilobits",
          "Megabits",
          "Gigabits",
          "Terabits",
          "Percent",
          "Count",
          "Bytes/Second",
          "Kilobytes/Second",
          "Megabytes/Second",
          "Gigabytes/Second",
          "Terabytes/Second",
          "Bits/Second",
          "Kilobits/Second",
          "Megabits/Second",
          "Gigabits/Second",
          "Terabits/Second",
          "Count/Second",
          "None");

  private final List<String> lines = Collections.synchronizedList(new ArrayList<>());
  private final AutoCloseable listening;

  public EmfLines() {
    listening = Output.listen(lines::add);
  }

  /** Every JSON line heard so far. */
  public List<JsonNode> all() {
    List<JsonNode> out = new ArrayList<>();
    synchronized (lines) {
      for (String line : lines) {
        try {
          out.add(JSON.readTree(line));
        } catch (Exception notJson) {
          throw new AssertionError("a log line that is not JSON: " + line);
        }
      }
    }
    return out;
  }

  /** The metric lines (those with an {@code _aws} member), each checked against the spec. */
  public List<JsonNode> metrics() {
    List<JsonNode> out = new ArrayList<>();
    for (JsonNode line : all()) {
      if (line.has("_aws")) {
        List<String> broken = violations(line);
        if (!broken.isEmpty()) {
          throw new AssertionError("EMF line breaks the specification: " + broken + "\n" + line);
        }
        out.add(line);
      }
    }
    return out;
  }

  /** The metric lines that carry {@code metric}. */
  public List<JsonNode> withMetric(String metric) {
    return metrics().stream().filter(l -> l.has(metric)).toList();
  }

  /** The log lines (no {@code _aws}) with this message. */
  public List<JsonNode> logs(String message) {
    return all().stream()
        .filter(l -> !l.has("_aws") && message.equals(l.path("message").asText()))
        .toList();
  }

  /**
   * What the Embedded Metric Format specification requires of a document: {@code _aws} with a
   * millisecond Timestamp and CloudWatchMetrics directives; each with a Namespace of 1 to 255
   * characters, dimension sets of at most 30 keys naming string members of the root, and at most
   * 100 metrics, each named (1 to 255 characters), with a unit of the allowed set, and a number at
   * the root.
   */
  public static List<String> violations(JsonNode root) {
    List<String> broken = new ArrayList<>();
    JsonNode aws = root.path("_aws");
    if (!aws.isObject()) {
      return List.of("_aws is not an object");
    }
    if (!aws.path("Timestamp").isIntegralNumber() || aws.path("Timestamp").asLong() <= 0) {
      broken.add("Timestamp is not a positive integer of milliseconds");
    }
    JsonNode directives = aws.path("CloudWatchMetrics");
    if (!directives.isArray() || directives.isEmpty()) {
      broken.add("CloudWatchMetrics is not a non-empty array");
      return broken;
    }
    for (JsonNode d : directives) {
      String namespace = d.path("Namespace").asText("");
      if (!d.path("Namespace").isTextual() || namespace.isEmpty() || namespace.length() > 255) {
        broken.add("Namespace must be a string of 1 to 255 characters");
      }
      if (!d.path("Dimensions").isArray()) {
        broken.add("Dimensions is not an array");
      } else {
        for (JsonNode set : d.path("Dimensions")) {
          if (!set.isArray() || set.size() > 30) {
            broken.add("a dimension set must be an array of at most 30 keys");
            continue;
          }
          for (JsonNode key : set) {
            if (!key.isTextual() || !root.path(key.asText()).isTextual()) {
              broken.add("dimension " + key + " has no string value at the root");
            }
          }
        }
      }
      JsonNode metrics = d.path("Metrics");
      if (!metrics.isArray() || metrics.size() > 100) {
        broken.add("Metrics must be an array of at most 100");
        continue;
      }
      Set<String> names = new HashSet<>();
      for (JsonNode m : metrics) {
        String name = m.path("Name").asText("");
        if (name.isEmpty() || name.length() > 255) {
          broken.add("a metric needs a Name of 1 to 255 characters");
        }
        if (!names.add(name)) {
          broken.add("metric " + name + " is named twice");
        }
        if (m.has("Unit") && !UNITS.contains(m.path("Unit").asText())) {
          broken.add("metric " + name + " has unit " + m.path("Unit") + " outside the spec");
        }
        if (!root.path(name).isNumber()) {
          broken.add("metric " + name + " has no number at the root");
        }
      }
    }
    return broken;
  }

  @Override
  public void close() throws Exception {
    listening.close();
  }
}
