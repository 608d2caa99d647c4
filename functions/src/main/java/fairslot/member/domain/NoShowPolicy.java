package fairslot.member.domain;

import java.time.Duration;

/**
 * The venue's no-show rule (v1.1 "Booking policy"): the {@code strikes}-th no-show within {@code
 * window} suspends the member from booking at the venue for {@code suspension}.
 */
public record NoShowPolicy(int strikes, Duration window, Duration suspension) {
  public static final int MAX_STRIKES = 100;

  /** The longest window or suspension: a year, as the longest booking window. */
  public static final Duration MAX_SPAN = Duration.ofDays(365);

  public NoShowPolicy {
    if (strikes < 1 || strikes > MAX_STRIKES) {
      throw new IllegalArgumentException("noShowPolicy.strikes must be from 1 to 100");
    }
    if (window.compareTo(Duration.ofSeconds(1)) < 0 || window.compareTo(MAX_SPAN) > 0) {
      throw new IllegalArgumentException("noShowPolicy.window must be from PT1S to P365D");
    }
    if (suspension.compareTo(Duration.ofSeconds(1)) < 0 || suspension.compareTo(MAX_SPAN) > 0) {
      throw new IllegalArgumentException("noShowPolicy.suspension must be from PT1S to P365D");
    }
  }
}
