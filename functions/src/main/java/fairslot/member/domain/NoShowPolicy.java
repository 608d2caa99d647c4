package fairslot.member.domain;

import fairslot.catalog.domain.BookingWindow;
import java.time.Duration;

/**
 * The venue's no-show rule (v1.1 "Booking policy"): the {@code strikes}-th no-show within {@code
 * window} suspends the member from booking at the venue for {@code suspension}.
 */
public record NoShowPolicy(int strikes, Duration window, Duration suspension) {
  public static final int MAX_STRIKES = 100;

  public NoShowPolicy {
    if (strikes < 1 || strikes > MAX_STRIKES) {
      throw new IllegalArgumentException("noShowPolicy.strikes must be from 1 to 100");
    }
    if (window.compareTo(Duration.ofSeconds(1)) < 0 || window.compareTo(BookingWindow.MAX) > 0) {
      throw new IllegalArgumentException("noShowPolicy.window must be from PT1S to P365D");
    }
    if (suspension.compareTo(Duration.ofSeconds(1)) < 0
        || suspension.compareTo(BookingWindow.MAX) > 0) {
      throw new IllegalArgumentException("noShowPolicy.suspension must be from PT1S to P365D");
    }
  }
}
