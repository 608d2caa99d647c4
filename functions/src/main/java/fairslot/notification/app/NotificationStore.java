package fairslot.notification.app;

import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.notification.domain.Delivery;
import fairslot.notification.domain.Notification;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Port: the notification outbox. A notice is written by the transaction it reports on; the sender
 * job turns it into one delivery per channel, once, and works each delivery to SENT or PARKED.
 */
public interface NotificationStore {

  /** Notices to dispatch and deliveries to (re)try, due by {@code now}; at most {@code limit}. */
  Due due(Instant now, int limit);

  /**
   * The notice becomes {@code deliveries}, in one transaction conditioned on the notice being as
   * {@code notice} saw it; false if another sender got there first. The deliveries are written
   * claimed by this sender (their first try counted, due again only at {@code leaseUntil}), so no
   * other run sends them meanwhile.
   */
  boolean dispatch(Pending notice, List<Delivery> deliveries, Instant at, Instant leaseUntil);

  /**
   * Claims a due delivery for one try: its tries counted and its due time moved to {@code
   * leaseUntil}, on condition it is still PENDING with the tries {@code delivery} saw. Empty if
   * another run claimed it first. A run that dies before answering leaves it to be tried again
   * after the lease.
   */
  Optional<Delivery> claim(Delivery delivery, Instant leaseUntil);

  /** SENT, by the run holding the claim; false if it lost it. */
  boolean sent(Delivery claimed, Instant at);

  /** Tried again at {@code nextAt}, or PARKED for staff when {@code park}; by the claim holder. */
  boolean failed(Delivery claimed, Instant nextAt, boolean park, String error);

  /**
   * The claimed delivery could not go by its channel ({@code why}): it is marked FELL_BACK and
   * {@code next}, the fall-back, is written (claimed until {@code leaseUntil}) in one transaction,
   * on condition the claim still holds.
   */
  boolean fellBack(Delivery claimed, Delivery next, String why, Instant at, Instant leaseUntil);

  /** The member's deliveries, newest first. */
  List<Delivery> ofMember(String userId, int limit);

  /** Parked deliveries, oldest first. */
  /** A page of the PARKED deliveries. */
  Page<Delivery> parked(PageRequest page);

  Optional<Delivery> find(Delivery.Id id);

  /** PARKED becomes PENDING and due at {@code at}, tries counted afresh; false if not parked. */
  boolean retry(Delivery parked, Instant at);

  record Pending(Notification notification, int attempts, Instant createdAt) {}

  record Due(List<Pending> notices, List<Delivery> deliveries) {}
}
