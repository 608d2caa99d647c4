package fairslot.app;

import fairslot.domain.Notification;
import java.time.Instant;
import java.util.List;

/** Port: the notification outbox (records are written by the transactions they report on). */
public interface NotificationStore {

  List<Pending> due(Instant now, int limit);

  /** SENT; false if another sender got there first. */
  boolean sent(Pending pending, Instant at);

  /** Another try at {@code nextAt}, or PARKED for staff when {@code park}. */
  boolean failed(Pending pending, Instant nextAt, boolean park, String error);

  record Pending(Notification notification, int attempts) {}
}
