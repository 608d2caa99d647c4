package fairslot.messaging.notifications;

import fairslot.app.NotificationSender;
import fairslot.domain.Notification;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * The local runtime's and the tests' channel: prints each notification and keeps it per user (GET
 * /_local/notifications?userId=). {@link #failWhen} makes deliveries fail, to exercise retries.
 */
public final class LocalNotificationSender implements NotificationSender {
  private final Map<String, List<Notification>> byUser = new ConcurrentHashMap<>();
  private volatile Predicate<Notification> failWhen = n -> false;

  @Override
  public void send(Notification n) {
    if (failWhen.test(n)) {
      throw new IllegalStateException("delivery failed (local sender told to fail)");
    }
    byUser
        .computeIfAbsent(n.userId(), u -> java.util.Collections.synchronizedList(new ArrayList<>()))
        .add(n);
    System.out.println(
        "[notification] "
            + n.userId()
            + " "
            + n.kind()
            + " slot "
            + n.slotId()
            + " ref "
            + n.ref());
  }

  public List<Notification> sentTo(String userId) {
    return List.copyOf(byUser.getOrDefault(userId, List.of()));
  }

  public void failWhen(Predicate<Notification> predicate) {
    this.failWhen = predicate;
  }
}
