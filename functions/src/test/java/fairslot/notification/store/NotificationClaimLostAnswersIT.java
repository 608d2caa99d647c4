package fairslot.notification.store;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.aws.Resilient;
import fairslot.kernel.MessageText;
import fairslot.member.domain.Channel;
import fairslot.notification.app.NotificationStore.Pending;
import fairslot.notification.domain.Delivery;
import fairslot.notification.domain.Notification;
import fairslot.testing.Aws;
import fairslot.testing.Faults;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A delivery's claim for one try when the emulator loses half the answers of the writes it applied:
 * the SDK retries, the retry meets the claim already made, and the sender must still know the try
 * is its own (it used to skip the try until the lease ended, the try counted towards parking).
 */
class NotificationClaimLostAnswersIT {
  private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");

  @AfterEach
  void faultsOff() {
    Faults.off();
  }

  @Test
  void aClaimWhoseAnswerWasLostIsStillTheSendersOwn() {
    DynamoDbClient dynamo = Resilient.dynamo(Aws.dynamo());
    String table = Aws.freshTable("notify-lost");
    DynamoDbNotificationStore store = new DynamoDbNotificationStore(dynamo, table);
    List<Delivery> due = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      Notification n =
          new Notification(
              "u" + i, "slot-" + UUID.randomUUID(), Notification.Kind.BOOKING_CONFIRMED, "b-" + i);
      dynamo.putItem(r -> r.tableName(table).item(NotificationItemMapper.pending(n, NOW)));
      Pending pending =
          store.due(NOW, 100).notices().stream()
              .filter(p -> p.notification().equals(n))
              .findFirst()
              .orElseThrow();
      Delivery d =
          Delivery.pending(
              n, Channel.EMAIL, "m@example.com", new MessageText("Booked", "See you"), NOW);
      assertThat(store.dispatch(pending, List.of(d), NOW, NOW)).isTrue();
      due.add(store.find(d.id()).orElseThrow());
    }

    long lostBefore = Faults.injected().getOrDefault("lost_response", 0L);
    Faults.on("lost_response=0.5,seed=29");
    List<Optional<Delivery>> claims = new ArrayList<>();
    for (Delivery d : due) {
      claims.add(store.claim(d, NOW.plusSeconds(60)));
    }
    long lost = Faults.injected().getOrDefault("lost_response", 0L) - lostBefore;
    Faults.off();

    assertThat(lost).as("answers lost").isGreaterThan(5L);
    for (int i = 0; i < due.size(); i++) {
      Delivery seen = due.get(i);
      assertThat(claims.get(i)).as("claim of " + seen.id().encode()).isPresent();
      assertThat(store.find(seen.id()).orElseThrow().attempts()).isEqualTo(seen.attempts() + 1);
      // Another sender, from the same read, finds the try taken.
      assertThat(store.claim(seen, NOW.plusSeconds(60))).isEmpty();
    }
  }
}
