package fairslot.catalog.store;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.aws.Resilient;
import fairslot.catalog.domain.Lottery;
import fairslot.testing.Aws;
import fairslot.testing.Faults;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A draw's moves when the emulator loses half the answers of the writes it applied (the SDK then
 * retries, and the retry's condition finds the move already made): the run that claimed a draw
 * knows it holds it, and the run that finished it knows it is drawn, so no draw is left held by
 * nobody until its lease lapses (chaos found one, seed 80135).
 */
class LotteryLostAnswersIT {
  private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");

  @AfterEach
  void faultsOff() {
    Faults.off();
  }

  @Test
  void aClaimOrAFinishWhoseAnswerWasLostIsStillTheRunsOwn() {
    DynamoDbClient raw = Aws.dynamo();
    String table = Aws.freshTable("lottery-lost");
    DynamoDbClient dynamo = Resilient.dynamo(raw);
    DynamoDbLotteryStore store = new DynamoDbLotteryStore(dynamo, table);
    List<String> slots = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      Lottery l = Lottery.open("slot-" + i, NOW.minusSeconds(60), "seed-" + i, "hash-" + i);
      raw.transactWriteItems(r -> r.transactItems(LotteryItems.create(table, l)));
      slots.add(l.slotId());
    }

    long lostBefore = Faults.injected().getOrDefault("lost_response", 0L);
    Faults.on("lost_response=0.5,seed=11");
    for (String slot : slots) {
      Lottery seen = store.find(slot).orElseThrow();
      String drawer = "run-" + slot;
      assertThat(store.claim(seen, drawer, NOW.plus(Lottery.LEASE))).as("claim " + slot).isTrue();
      assertThat(store.finish(slot, drawer, NOW)).as("finish " + slot).isTrue();
    }
    assertThat(Faults.injected().getOrDefault("lost_response", 0L) - lostBefore)
        .as("answers lost")
        .isGreaterThan(10L);
    Faults.off();

    for (String slot : slots) {
      assertThat(store.find(slot).orElseThrow().status()).isEqualTo(Lottery.Status.DRAWN);
      // Another run's claim on a drawn lottery, or a finish by a run that never held it: not
      // theirs.
      assertThat(store.finish(slot, "another-run", NOW)).isFalse();
    }
  }
}
