package fairslot.shared;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import fairslot.testing.EmfLines;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The EMF writer's lines keep the CloudWatch specification, and the checker catches a broken one.
 */
class MetricsTest {

  @Test
  void aLineNamesItsNamespaceDimensionsMetricsAndRequest() throws Exception {
    try (EmfLines lines = new EmfLines()) {
      RequestContext.with(
          "req-1",
          () -> {
            Metrics.line()
                .dimension("Job", "sweep-holds")
                .count("JobDue", 20)
                .milliseconds("JobDuration", 35)
                .property("slotId", "s-1")
                .emit();
            Metrics.count("Refusals", Map.of("Code", "sold_out"));
            return null;
          });

      var metrics =
          lines.metrics().stream()
              .filter(l -> "req-1".equals(l.path("requestId").asText()))
              .toList();
      assertThat(metrics).hasSize(2);
      var job = metrics.get(0);
      assertThat(job.path("_aws").path("CloudWatchMetrics").get(0).path("Namespace").asText())
          .isEqualTo("fairslot");
      assertThat(job.path("_aws").path("CloudWatchMetrics").get(0).path("Dimensions").toString())
          .isEqualTo("[[\"Service\",\"Job\"]]");
      assertThat(job.path("JobDue").asLong()).isEqualTo(20);
      assertThat(job.path("JobDuration").asLong()).isEqualTo(35);
      assertThat(job.path("slotId").asText()).isEqualTo("s-1");
      assertThat(metrics.get(1).path("Code").asText()).isEqualTo("sold_out");
    }
  }

  @Test
  void theCheckerRejectsWhatTheSpecificationForbids() throws Exception {
    ObjectMapper json = new ObjectMapper();
    var noValue =
        json.readTree(
            "{\"_aws\":{\"Timestamp\":1,\"CloudWatchMetrics\":[{\"Namespace\":\"n\","
                + "\"Dimensions\":[[\"Route\"]],\"Metrics\":[{\"Name\":\"Requests\",\"Unit\":\"Count\"}]}]}}");
    var badUnit =
        json.readTree(
            "{\"_aws\":{\"Timestamp\":1,\"CloudWatchMetrics\":[{\"Namespace\":\"n\","
                + "\"Dimensions\":[[]],\"Metrics\":[{\"Name\":\"X\",\"Unit\":\"Apples\"}]}]},\"X\":1}");

    assertThat(EmfLines.violations(noValue))
        .anyMatch(v -> v.contains("Route"))
        .anyMatch(v -> v.contains("Requests"));
    assertThat(EmfLines.violations(badUnit)).anyMatch(v -> v.contains("Apples"));
  }
}
