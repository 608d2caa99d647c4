package fairslot.aws;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.testing.Aws;
import fairslot.testing.EmfLines;
import fairslot.testing.Faults;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Every retry the policy makes is counted: the metric adds up to the faults the emulator injected.
 */
class RetryMetricsIT {
  @AfterEach
  void faultsOff() {
    Faults.off();
  }

  @Test
  void theRetriesCountedEqualTheThrottlesAndErrorsInjected() throws Exception {
    String table = Aws.freshTable("retries");
    try (EmfLines lines = new EmfLines()) {
      Faults.on("throttle=0.2,error=0.1,seed=11");
      for (int i = 0; i < 60; i++) {
        Aws.dynamo()
            .getItem(
                r ->
                    r.tableName(table)
                        .key(
                            Map.of(
                                "PK", AttributeValue.fromS("NOPE"),
                                "SK", AttributeValue.fromS("NOPE"))));
      }
      Map<String, Long> injected = Faults.injected();
      Faults.off();

      long counted =
          lines.withMetric("AwsRetries").stream()
              .filter(l -> "GetItem".equals(l.path("Operation").asText()))
              .mapToLong(l -> l.path("AwsRetries").asLong())
              .sum();
      assertThat(injected.get("throttle") + injected.get("error")).isPositive();
      assertThat(counted).isEqualTo(injected.get("throttle") + injected.get("error"));
      assertThat(lines.withMetric("AwsRetries"))
          .allSatisfy(l -> assertThat(l.path("AwsService").asText()).isEqualTo("DynamoDb"));
    }
  }
}
