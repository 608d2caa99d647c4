package fairslot.member.domain;

import java.time.Duration;
import java.time.Instant;

/**
 * A member's requests in one fixed window (API.md v1.2: at most 20 booking or waitlist requests in
 * 10 s). Windows are aligned to the epoch, so every container counts the same window.
 */
public record RateWindow(long index, Duration length) {

  public static RateWindow at(Instant now, Duration length) {
    return new RateWindow(Math.floorDiv(now.toEpochMilli(), length.toMillis()), length);
  }

  public Instant start() {
    return Instant.ofEpochMilli(index * length.toMillis());
  }

  public Instant end() {
    return start().plus(length);
  }

  /** Whole seconds until the window ends, at least 1: what Retry-After says. */
  public long secondsLeft(Instant now) {
    long millis = Duration.between(now, end()).toMillis();
    return Math.max(1, (millis + 999) / 1000);
  }
}
