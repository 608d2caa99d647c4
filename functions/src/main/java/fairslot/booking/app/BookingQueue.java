package fairslot.booking.app;

import fairslot.booking.domain.BookingRequest;

/**
 * Port: the FIFO queue that admits a QUEUED slot's requests in arrival order (one group per slot).
 */
public interface BookingQueue {
  /** {@code deduplicationId} makes SQS drop a resend within its 5-minute window. */
  void enqueue(BookingRequest request, String deduplicationId);
}
