package fairslot.catalog.domain;

/**
 * How bookings reach a slot: straight through the transaction, or through the per-slot FIFO queue.
 */
public enum Admission {
  DIRECT,
  QUEUED
}
