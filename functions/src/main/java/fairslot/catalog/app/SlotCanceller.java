package fairslot.catalog.app;

import fairslot.kernel.Outcome;

/**
 * Port: cancels a slot with everything booked on it (its bookings released and refunded, its
 * waitlist closed). The booking feature answers it; the catalog's minimum decisions call it.
 */
@FunctionalInterface
public interface SlotCanceller {
  Outcome<?> cancel(String actor, String slotId);
}
