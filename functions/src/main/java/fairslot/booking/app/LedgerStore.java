package fairslot.booking.app;

import fairslot.catalog.app.SeatCount;
import fairslot.kernel.Change;
import fairslot.member.domain.MemberLedger;
import java.util.Optional;

/**
 * Port: recounting a slot's seats from its bookings and offers, and the audited repair of its
 * counter.
 */
public interface LedgerStore {

  /**
   * The slot's counter (a consistent read, taken first) beside the sum of its active bookings and
   * open offers, each read through the slot's own index partitions; empty if there is no such slot.
   */
  Optional<SeatCount> count(String slotId);

  /**
   * Sets remaining to {@link SeatCount#expectedRemaining()}, on condition that it still is what the
   * count saw (and capacity too), with an audit record in the same transaction. False if the slot
   * moved since: count again.
   */
  boolean repair(SeatCount seen, Change change);

  /**
   * The member's upcoming counters and packs (consistent reads) beside a recount from their
   * bookings (the bookingsByUser index, which may lag the table by a moment: callers confirm a
   * deviation by counting again).
   */
  MemberLedger countMember(String userId);
}
