package fairslot.notification.store;

import fairslot.memory.MemoryNotificationStore;
import fairslot.notification.app.NotificationStore;
import fairslot.notification.domain.Notification;
import java.time.Instant;

/** The notification store contract on the in-memory fake. */
class MemoryNotificationStoreTest extends NotificationStoreContract {
  private final MemoryNotificationStore store = new MemoryNotificationStore();

  @Override
  protected NotificationStore fresh() {
    return store;
  }

  @Override
  protected void seed(Notification notice, Instant at) {
    store.notify(notice, at);
  }
}
