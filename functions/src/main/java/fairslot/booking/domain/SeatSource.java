package fairslot.booking.domain;

import fairslot.waitlist.domain.WaitlistEntry;

/** Where a booking's seat comes from. */
public sealed interface SeatSource {
  /** The slot's remaining seats. */
  record OpenSale() implements SeatSource {}

  /**
   * The seat a waitlist offer holds: the entry moves OFFERED to ACCEPTED, on condition the offer is
   * still open.
   */
  record Offer(WaitlistEntry entry) implements SeatSource {}

  /**
   * The slot's remaining seats for a QUEUED request, which moves to GRANTED in the same
   * transaction, so a redelivered queue message can never book twice.
   */
  /** {@code from}: QUEUED (granted), or a lottery's ENTERED (won). */
  record QueuedRequest(String requestId, RequestStatus from) implements SeatSource {}
}
