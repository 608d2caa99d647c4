package fairslot.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class WriteUnitsTest {

  @Test
  void findsTheTopLevelAttributesAnUpdateChangesThroughNamesFunctionsAndPaths() {
    assertThat(
            WriteUnits.changedAttributes(
                "SET remaining = remaining + :q, forWaitlist = forWaitlist + :q, awaitShard = :shard,"
                    + " awaitSince = if_not_exists(awaitSince, :at)",
                Map.of()))
        .containsExactlyInAnyOrder("remaining", "forWaitlist", "awaitShard", "awaitSince");
    assertThat(
            WriteUnits.changedAttributes(
                "SET #status = :to REMOVE holdDueShard, holdDueAt", Map.of("#status", "status")))
        .containsExactlyInAnyOrder("status", "holdDueShard", "holdDueAt");
    assertThat(
            WriteUnits.changedAttributes(
                "REMOVE entries.#b SET version = version + :one", Map.of("#b", "x")))
        .containsExactlyInAnyOrder("entries", "version");
  }

  @Test
  void anItemCostsOneUnitPerStartedKilobyte() {
    assertThat(WriteUnits.kb(Map.of("PK", AttributeValue.fromS("a")))).isEqualTo(1);
    assertThat(WriteUnits.kb(Map.of("blob", AttributeValue.fromS("x".repeat(1500))))).isEqualTo(2);
  }
}
