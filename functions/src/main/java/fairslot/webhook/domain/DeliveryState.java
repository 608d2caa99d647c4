package fairslot.webhook.domain;

/** PENDING until the subscriber answers 2xx (DELIVERED) or 24 hours of retries end (PARKED). */
public enum DeliveryState {
  PENDING,
  DELIVERED,
  PARKED
}
