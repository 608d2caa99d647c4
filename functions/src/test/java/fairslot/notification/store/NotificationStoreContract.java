package fairslot.notification.store;

import static fairslot.testing.ContractFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.kernel.MessageText;
import fairslot.kernel.PageRequest;
import fairslot.member.domain.Channel;
import fairslot.notification.app.NotificationStore;
import fairslot.notification.app.NotificationStore.Pending;
import fairslot.notification.domain.Delivery;
import fairslot.notification.domain.DeliveryStatus;
import fairslot.notification.domain.Notification;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every NotificationStore must do, through the port: a notice is dispatched once into its
 * deliveries, a delivery is claimed once per try and sent once, a parked one is listed for the desk
 * and retried once. On the in-memory fake (MemoryNotificationStoreTest) and on the DynamoDB adapter
 * against the emulator (DynamoDbNotificationStoreIT). A notice is written by the transaction of the
 * change it tells of; {@link #seed} stands in for that transaction.
 */
public abstract class NotificationStoreContract {

  protected abstract NotificationStore fresh();

  /** Writes the PENDING notice a change's transaction would write. */
  protected abstract void seed(Notification notice, Instant at);

  private NotificationStore store;
  private final String user = "u-" + UUID.randomUUID();

  @BeforeEach
  void setUp() {
    store = fresh();
  }

  private Notification notice() {
    return new Notification(
        user, "slot-" + UUID.randomUUID(), Notification.Kind.BOOKING_CONFIRMED, "b-1");
  }

  private static Delivery email(Notification about, Instant at) {
    return Delivery.pending(
        about, Channel.EMAIL, "m@example.com", new MessageText("Booked", "See you"), at);
  }

  private Pending dueNotice(Notification n, Instant now) {
    return store.due(now, 50).notices().stream()
        .filter(p -> p.notification().equals(n))
        .findFirst()
        .orElseThrow();
  }

  private Optional<Delivery> dueDelivery(Delivery d, Instant now) {
    return store.due(now, 50).deliveries().stream().filter(x -> x.id().equals(d.id())).findFirst();
  }

  @Test
  void aNoticeIsDispatchedOnceIntoItsDeliveriesWhichAreDueAfterTheLease() {
    Notification n = notice();
    seed(n, NOW);
    Pending pending = dueNotice(n, NOW);
    Delivery d = email(n, NOW);
    Instant lease = NOW.plus(Duration.ofMinutes(2));

    boolean first = store.dispatch(pending, List.of(d), NOW, lease);
    boolean twice = store.dispatch(pending, List.of(d), NOW, lease);

    assertThat(first).isTrue();
    assertThat(twice).isFalse();
    assertThat(store.due(NOW.plusSeconds(1), 50).notices())
        .noneMatch(p -> p.notification().equals(n));
    assertThat(dueDelivery(d, NOW.plusSeconds(1))).isEmpty(); // the dispatcher's lease
    assertThat(dueDelivery(d, lease)).isPresent();
    assertThat(store.find(d.id())).map(Delivery::status).contains(DeliveryStatus.PENDING);
  }

  @Test
  void aDeliveryIsClaimedOncePerTryAndSentOnce() {
    Notification n = notice();
    seed(n, NOW);
    Delivery d = email(n, NOW);
    store.dispatch(dueNotice(n, NOW), List.of(d), NOW, NOW);
    Delivery seen = dueDelivery(d, NOW).orElseThrow();

    Optional<Delivery> claimed = store.claim(seen, NOW.plusSeconds(60));
    Optional<Delivery> again = store.claim(seen, NOW.plusSeconds(60));
    boolean sent = store.sent(claimed.orElseThrow(), NOW.plusSeconds(1));
    boolean sentTwice = store.sent(claimed.orElseThrow(), NOW.plusSeconds(2));

    assertThat(claimed).map(Delivery::attempts).contains(seen.attempts() + 1);
    assertThat(again).isEmpty();
    assertThat(sent).isTrue();
    assertThat(sentTwice).isFalse();
    assertThat(store.find(d.id())).map(Delivery::status).contains(DeliveryStatus.SENT);
    assertThat(store.ofMember(user, 10)).extracting(Delivery::id).containsExactly(d.id());
  }

  @Test
  void aParkedDeliveryIsListedForTheDeskAndRetriedOnce() {
    Notification n = notice();
    seed(n, NOW);
    Delivery d = email(n, NOW);
    store.dispatch(dueNotice(n, NOW), List.of(d), NOW, NOW);
    Delivery claimed =
        store.claim(dueDelivery(d, NOW).orElseThrow(), NOW.plusSeconds(60)).orElseThrow();

    boolean parked = store.failed(claimed, NOW.plusSeconds(300), true, "mailbox full");
    List<Delivery> listed = store.parked(new PageRequest(50, Optional.empty())).items();
    Delivery atDesk = listed.stream().filter(x -> x.id().equals(d.id())).findFirst().orElseThrow();
    boolean retried = store.retry(atDesk, NOW.plusSeconds(400));
    boolean retriedTwice = store.retry(atDesk, NOW.plusSeconds(400));

    assertThat(parked).isTrue();
    assertThat(atDesk.status()).isEqualTo(DeliveryStatus.PARKED);
    assertThat(atDesk.lastError()).contains("mailbox full");
    assertThat(retried).isTrue();
    assertThat(retriedTwice).isFalse();
    assertThat(store.find(d.id())).map(Delivery::status).contains(DeliveryStatus.PENDING);
    assertThat(dueDelivery(d, NOW.plusSeconds(400))).isPresent();
  }
}
