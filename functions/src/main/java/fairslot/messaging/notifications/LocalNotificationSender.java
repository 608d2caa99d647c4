package fairslot.messaging.notifications;

import fairslot.notification.app.NotificationSender;
import fairslot.notification.domain.Delivery;
import fairslot.notification.domain.Notification;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * The local runtime's and the tests' sender: hands each delivery to the real channel sender (SES
 * and SNS of the emulator), prints it, and keeps what was delivered per user (GET
 * /_local/notifications?userId=). {@link #failWhen} makes deliveries fail, to exercise retries and
 * parking.
 */
public final class LocalNotificationSender implements NotificationSender {
  private final NotificationSender channels;
  private final Map<String, List<Delivery>> byUser = new ConcurrentHashMap<>();
  private volatile Predicate<Delivery> failWhen = d -> false;

  public LocalNotificationSender(NotificationSender channels) {
    this.channels = channels;
  }

  @Override
  public void send(Delivery d) {
    if (failWhen.test(d)) {
      throw new IllegalStateException("delivery failed (local sender told to fail)");
    }
    channels.send(d);
    byUser
        .computeIfAbsent(d.about().userId(), u -> Collections.synchronizedList(new ArrayList<>()))
        .add(d);
    System.out.println(
        "[notification] "
            + d.about().userId()
            + " "
            + d.about().kind()
            + " "
            + d.channel()
            // No address: a log line carries no member's e-mail or phone.
            + ": "
            + d.message().subject());
  }

  /** The notifications delivered to {@code userId}, once per channel. */
  public List<Notification> sentTo(String userId) {
    return deliveredTo(userId).stream().map(Delivery::about).toList();
  }

  public List<Delivery> deliveredTo(String userId) {
    return List.copyOf(byUser.getOrDefault(userId, List.of()));
  }

  public void failWhen(Predicate<Delivery> predicate) {
    this.failWhen = predicate;
  }
}
