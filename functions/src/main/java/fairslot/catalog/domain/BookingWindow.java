package fairslot.catalog.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * When members may book a slot themselves, counted back from its start (v1.1 "Booking policy"):
 * from {@code opensBefore} the start (any time before, when absent) until {@code closesBefore} it
 * (until the start, when zero).
 */
public record BookingWindow(Optional<Duration> opensBefore, Duration closesBefore) {
  /** The contract's bound on durations in windows and tiers (declared first: ALWAYS uses it). */
  public static final Duration MAX = Duration.ofDays(365);

  public static final BookingWindow ALWAYS = new BookingWindow(Optional.empty(), Duration.ZERO);

  public BookingWindow {
    if (closesBefore.isNegative() || closesBefore.compareTo(MAX) > 0) {
      throw new IllegalArgumentException("bookingWindow.closesBefore must be from PT0S to P365D");
    }
    opensBefore.ifPresent(
        opens -> {
          if (opens.compareTo(Duration.ofSeconds(1)) < 0 || opens.compareTo(MAX) > 0) {
            throw new IllegalArgumentException(
                "bookingWindow.opensBefore must be from PT1S to P365D");
          }
          if (opens.compareTo(closesBefore) <= 0) {
            throw new IllegalArgumentException(
                "bookingWindow.opensBefore must be longer than closesBefore");
          }
        });
  }

  public Optional<Instant> opensAt(Instant start) {
    return opensBefore.map(start::minus);
  }

  public Instant closesAt(Instant start) {
    return start.minus(closesBefore);
  }

  /** Whether a member may book at {@code now} a slot starting at {@code start}. */
  public boolean isOpen(Instant start, Instant now) {
    return opensAt(start).map(opens -> !now.isBefore(opens)).orElse(true)
        && now.isBefore(closesAt(start));
  }
}
