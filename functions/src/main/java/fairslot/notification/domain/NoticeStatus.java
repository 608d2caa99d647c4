package fairslot.notification.domain;

/**
 * A notice's place in its fan-out: PENDING until its deliveries are written, then DISPATCHED (each
 * delivery then has its own {@link DeliveryStatus}).
 */
public enum NoticeStatus {
  PENDING,
  DISPATCHED
}
