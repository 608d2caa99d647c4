package fairslot.notification.app;

import fairslot.kernel.Outcome;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import fairslot.member.app.MemberProfileStore;
import fairslot.notification.domain.Delivery;
import fairslot.notification.domain.DeliveryStatus;
import java.time.Clock;
import java.util.Comparator;
import java.util.List;

/** What members and the desk see of notifications: a member's list, the parked ones, a retry. */
public final class NotificationDesk {
  public static final int MAX_LISTED = 100;

  private final NotificationStore store;
  private final MemberProfileStore profiles;
  private final Clock clock;

  public NotificationDesk(NotificationStore store, MemberProfileStore profiles, Clock clock) {
    this.store = store;
    this.profiles = profiles;
    this.clock = clock;
  }

  /** The member's notifications and those of the walk-in bookings linked to them, newest first. */
  public List<Delivery> mine(String userId) {
    return profiles.profile(userId).owners().stream()
        .flatMap(owner -> store.ofMember(owner, MAX_LISTED).stream())
        .sorted(Comparator.comparing(Delivery::createdAt).reversed())
        .limit(MAX_LISTED)
        .toList();
  }

  /** A page of the parked deliveries, oldest first. */
  public Page<Delivery> parked(PageRequest page) {
    return store.parked(page);
  }

  /**
   * A parked delivery is due again, with its tries counted afresh; the send-notifications job sends
   * it on its next run (only that job may reach SES and SNS). A retry repeated before that run
   * changes nothing (it is PENDING already); a SENT one cannot be retried.
   */
  public Outcome<Delivery> retry(String notificationId) {
    var id = Delivery.Id.decode(notificationId);
    var found = id.flatMap(store::find);
    if (found.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no notification " + notificationId);
    }
    Delivery d = found.get();
    if (d.status() == DeliveryStatus.PENDING) {
      return Outcome.done(d);
    }
    if (d.status() != DeliveryStatus.PARKED) {
      return Outcome.refused(
          Refusal.INVALID_TRANSITION, "notification is " + d.status() + ", not PARKED");
    }
    store.retry(d, clock.instant()); // false: a concurrent retry did it
    return Outcome.done(store.find(d.id()).orElse(d));
  }
}
