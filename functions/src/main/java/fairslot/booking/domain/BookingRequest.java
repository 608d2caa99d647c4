package fairslot.booking.domain;

import java.time.Instant;
import java.util.Optional;

/**
 * A booking asked for on a QUEUED slot: accepted at once (202), decided later by the FIFO consumer
 * in arrival order. {@code fingerprint} identifies the request body behind an Idempotency-Key;
 * {@code passId}, the member's pass that is to pay for it.
 */
public record BookingRequest(
    String requestId,
    String slotId,
    String userId,
    int quantity,
    boolean joinWaitlist,
    RequestStatus status,
    Optional<String> bookingId,
    Optional<String> code,
    Optional<String> waitlistEntryId,
    Optional<String> fingerprint,
    Instant createdAt,
    Optional<String> passId) {

  /** A request paid with money. */
  public BookingRequest(
      String requestId,
      String slotId,
      String userId,
      int quantity,
      boolean joinWaitlist,
      RequestStatus status,
      Optional<String> bookingId,
      Optional<String> code,
      Optional<String> waitlistEntryId,
      Optional<String> fingerprint,
      Instant createdAt) {
    this(
        requestId,
        slotId,
        userId,
        quantity,
        joinWaitlist,
        status,
        bookingId,
        code,
        waitlistEntryId,
        fingerprint,
        createdAt,
        Optional.empty());
  }
}
