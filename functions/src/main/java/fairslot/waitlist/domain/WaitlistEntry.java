package fairslot.waitlist.domain;

import java.time.Instant;
import java.util.Optional;

/**
 * A member's place in a slot's waitlist. {@code sequence} comes from the slot's atomic counter, so
 * join order is exactly the order the counter handed out numbers in.
 */
public record WaitlistEntry(
    String entryId,
    String slotId,
    String userId,
    long sequence,
    WaitlistStatus status,
    Optional<Instant> offerExpiresAt,
    Optional<String> bookingId,
    Instant joinedAt,
    int slotCapacity) {

  /** An offer past its deadline reads as EXPIRED before the sweep writes it down. */
  public WaitlistStatus statusAt(Instant now) {
    if (status == WaitlistStatus.OFFERED
        && offerExpiresAt.map(d -> !now.isBefore(d)).orElse(false)) {
      return WaitlistStatus.EXPIRED;
    }
    return status;
  }
}
