package fairslot.domain;

/**
 * One slot's seats as reconcile counts them: the counter on the slot, and the sum of its active
 * bookings' quantities ({@code held}) and open offers ({@code offered}) counted from those items.
 */
public record SeatCount(String slotId, int capacity, int remaining, int held, int offered) {

  /** capacity == remaining + held + offered. */
  public boolean balanced() {
    return capacity == remaining + held + offered;
  }

  /** What remaining must be for the books to balance. */
  public int expectedRemaining() {
    return capacity - held - offered;
  }
}
