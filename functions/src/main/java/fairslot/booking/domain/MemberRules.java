package fairslot.booking.domain;

import java.util.OptionalInt;

/**
 * The venue's member rules the transaction holds: every booking counts in the member's upcoming
 * bookings of the venue, and with {@code upcomingLimit} only if that count is below it; with {@code
 * suspension}, only if the member is not suspended there (no-show rule).
 */
public record MemberRules(OptionalInt upcomingLimit, boolean suspension) {
  public static final MemberRules NONE = new MemberRules(OptionalInt.empty(), false);
}
