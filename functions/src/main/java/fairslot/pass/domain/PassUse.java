package fairslot.pass.domain;

/**
 * How a booking was paid with a pass: which pass, and the credits it took (none for a membership).
 * Those credits go back to the pass if the booking is cancelled in time.
 */
public record PassUse(String passId, int credits) {
  public PassUse {
    if (credits < 0) {
      throw new IllegalArgumentException("credits must not be negative");
    }
  }
}
