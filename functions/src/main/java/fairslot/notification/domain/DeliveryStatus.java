package fairslot.notification.domain;

/** A delivery's life: PENDING until a channel took it (SENT) or the last try failed (PARKED). */
public enum DeliveryStatus {
  PENDING,
  SENT,
  PARKED
}
