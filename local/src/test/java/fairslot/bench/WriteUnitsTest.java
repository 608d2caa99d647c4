package fairslot.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

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

  @Test
  void aPlainPutCostsOneUnitPerStartedKilobyteAndHalfATransactionalOne() {
    WriteUnits units = new WriteUnits(null); // a put reads nothing back
    var item =
        Map.of("PK", AttributeValue.fromS("x".repeat(1500)), "SK", AttributeValue.fromS("A"));
    assertThat(units.ofPlain(PutItemRequest.builder().tableName("t").item(item).build()))
        .isEqualTo(2);
    assertThat(
            units.of(
                TransactWriteItem.builder().put(p -> p.tableName("t").item(item)).build(), true))
        .isEqualTo(4);
    assertThat(units.ofPlain(GetItemRequest.builder().tableName("t").build())).isZero();
  }

  @Test
  void listsAndStringSetsCountTheirElements() {
    var list =
        AttributeValue.fromL(
            java.util.List.of(
                AttributeValue.fromS("y".repeat(600)), AttributeValue.fromS("y".repeat(600))));
    assertThat(WriteUnits.kb(Map.of("l", list))).isEqualTo(2);
    assertThat(
            WriteUnits.kb(
                Map.of(
                    "s",
                    AttributeValue.fromSs(java.util.List.of("z".repeat(700), "w".repeat(700))))))
        .isEqualTo(2);
  }

  @Test
  void aScheduleRunsAsOftenAsItsRateSaysInAThirtyDayMonth() {
    assertThat(CostModel.runsAMonth("rate(1 minute)")).isEqualTo(43_200);
    assertThat(CostModel.runsAMonth("rate(15 minutes)")).isEqualTo(2_880);
    assertThat(CostModel.runsAMonth("rate(1 day)")).isEqualTo(30);
  }
}
