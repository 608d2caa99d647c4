package fairslot.app;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

/** Bounded retries with full-jitter exponential backoff, for contended transactions. */
public record Backoff(int maxAttempts, long baseMillis, long capMillis) {
  public static final Backoff DEFAULT = new Backoff(6, 10, 400);
  public static final Backoff NONE = new Backoff(1, 0, 0);

  /** Sleeps before attempt {@code attempt} (1-based; attempt 1 never sleeps). */
  public void pauseBefore(int attempt) {
    if (attempt <= 1 || baseMillis == 0) {
      return;
    }
    long ceiling = Math.min(capMillis, baseMillis << Math.min(attempt - 2, 20));
    long millis = ThreadLocalRandom.current().nextLong(ceiling + 1);
    LockSupport.parkNanos(millis * 1_000_000L);
  }
}
