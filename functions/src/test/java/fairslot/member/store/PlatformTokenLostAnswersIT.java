package fairslot.member.store;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.aws.Resilient;
import fairslot.testing.Aws;
import fairslot.testing.Faults;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The platform token's lease when the emulator loses half the answers of the writes it applied: the
 * SDK retries, the retry's condition meets the lease just taken, and the caller must still know the
 * lease is its own (else it waits out a lease it holds, and every caller answers 503 meanwhile).
 */
class PlatformTokenLostAnswersIT {
  private static final Instant NOW = Instant.parse("2026-12-07T08:00:00Z");

  @AfterEach
  void faultsOff() {
    Faults.off();
  }

  @Test
  void aLeaseWhoseAnswerWasLostIsStillTheCallersOwn() {
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynamo());
    DynamoDbPlatformTokenStore store =
        new DynamoDbPlatformTokenStore(dynamo, Aws.freshTable("ptoken-lost"));
    List<String> apps = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      apps.add("wx" + UUID.randomUUID().toString().substring(0, 8));
    }

    long lostBefore = Faults.injected().getOrDefault("lost_response", 0L);
    Faults.on("lost_response=0.5,seed=29");
    for (String app : apps) {
      assertThat(store.lease(app, "a", NOW, NOW.plusSeconds(20))).as("lease of " + app).isTrue();
    }
    assertThat(Faults.injected().getOrDefault("lost_response", 0L) - lostBefore)
        .as("answers lost")
        .isGreaterThan(5L);
    Faults.off();

    for (String app : apps) {
      // another caller meanwhile finds the lease taken
      assertThat(store.lease(app, "b", NOW.plusSeconds(1), NOW.plusSeconds(21))).isFalse();
    }
  }
}
