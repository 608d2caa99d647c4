package fairslot.membership.domain;

import java.util.OptionalInt;

/**
 * What a membership gives while it is ACTIVE (API.md v1.3): a percentage off the member's bookings,
 * a booking window longer by some days, credits per period. Each optional; a plan may have none (a
 * membership that is only a membership).
 */
public record Benefits(
    OptionalInt percentOff, OptionalInt bookingWindowDays, OptionalInt creditsPerPeriod) {
  public static final Benefits NONE =
      new Benefits(OptionalInt.empty(), OptionalInt.empty(), OptionalInt.empty());

  public Benefits {
    if (percentOff.isPresent() && (percentOff.getAsInt() < 1 || percentOff.getAsInt() > 100)) {
      throw new IllegalArgumentException("percentOff " + percentOff.getAsInt());
    }
    if (bookingWindowDays.isPresent()
        && (bookingWindowDays.getAsInt() < 1 || bookingWindowDays.getAsInt() > 365)) {
      throw new IllegalArgumentException("bookingWindowDays " + bookingWindowDays.getAsInt());
    }
    if (creditsPerPeriod.isPresent()
        && (creditsPerPeriod.getAsInt() < 1 || creditsPerPeriod.getAsInt() > 1000)) {
      throw new IllegalArgumentException("creditsPerPeriod " + creditsPerPeriod.getAsInt());
    }
  }
}
