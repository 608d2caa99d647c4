package fairslot.app;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * The send-notifications job: delivers outbox records with exponential backoff and parks a
 * notification for staff after {@link #MAX_ATTEMPTS} failed tries.
 */
public final class Notifications {
  public static final int MAX_ATTEMPTS = 5;

  private final NotificationStore store;
  private final NotificationSender sender;
  private final Clock clock;

  public Notifications(NotificationStore store, NotificationSender sender, Clock clock) {
    this.store = store;
    this.sender = sender;
    this.clock = clock;
  }

  public JobReport sendDue(int limit) {
    Instant now = clock.instant();
    var due = store.due(now, limit);
    return JobLoop.run("send-notifications", due, due.size(), p -> send(p, now));
  }

  /** A failed send backs off (or parks); an outbox write the table refused is left for later. */
  private int send(NotificationStore.Pending p, Instant now) {
    try {
      sender.send(p.notification());
    } catch (RuntimeException failed) {
      int attempts = p.attempts() + 1;
      store.failed(
          p,
          now.plus(Duration.ofSeconds(10L << Math.min(attempts, 10))),
          attempts >= MAX_ATTEMPTS,
          String.valueOf(failed.getMessage()));
      return 0;
    }
    return JobLoop.one(store.sent(p, now));
  }
}
