package fairslot.notification.domain;

/** A delivery's life: PENDING until a channel took it (SENT) or the last try failed (PARKED). */
public enum DeliveryStatus {
  PENDING,
  SENT,
  PARKED,
  /** A subscribe message WeChat could not take: the notice went by its fall-back delivery. */
  FELL_BACK
}
