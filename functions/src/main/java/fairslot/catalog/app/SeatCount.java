package fairslot.catalog.app;

import java.util.Set;

/**
 * One slot's seats as reconcile counts them: the counter on the slot, and the sum of its active
 * bookings' quantities ({@code held}) and open offers ({@code offered}) counted from those items.
 * {@code members} are the members with upcoming bookings of the slot, whose own ledgers reconcile
 * checks next.
 */
public record SeatCount(
    String slotId, int capacity, int remaining, int held, int offered, Set<String> members) {

  public SeatCount {
    members = Set.copyOf(members);
  }

  /** A count that does not name the members holding bookings. */
  public SeatCount(String slotId, int capacity, int remaining, int held, int offered) {
    this(slotId, capacity, remaining, held, offered, Set.of());
  }

  /** capacity == remaining + held + offered. */
  public boolean balanced() {
    return capacity == remaining + held + offered;
  }

  /** How far the books are off: remaining + held + offered − capacity (0 when balanced). */
  public int imbalance() {
    return remaining + held + offered - capacity;
  }

  /** What remaining must be for the books to balance. */
  public int expectedRemaining() {
    return capacity - held - offered;
  }
}
