package fairslot.catalog.domain;

/**
 * How bookings reach a slot: straight through the transaction, through the per-slot FIFO queue, or
 * by a lottery drawn when entries close (v1.2; the slot's {@link Lottery}).
 */
public enum Admission {
  DIRECT,
  QUEUED,
  LOTTERY
}
