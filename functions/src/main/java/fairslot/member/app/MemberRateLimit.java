package fairslot.member.app;

import fairslot.member.domain.RateWindow;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per-member limit on booking and waitlist requests: {@link #LIMIT} in {@link #WINDOW}. Each
 * container counts a member's requests itself and reports them to the shared counter only every
 * {@link #REPORT_EVERY} requests, so a person booking at a human pace costs no write at all, while
 * a script spread over many containers is still stopped: the shared total passes the limit after at
 * most {@code LIMIT + containers × (REPORT_EVERY - 1)} requests in a window. API Gateway's stage
 * throttling stays the outer guard.
 */
public final class MemberRateLimit {
  public static final int LIMIT = 20;
  public static final Duration WINDOW = Duration.ofSeconds(10);
  static final int REPORT_EVERY = 5;

  /** Past this many members in a window the local counts start over: a memory bound. */
  private static final int MAX_TRACKED = 50_000;

  private static final class Local {
    final long window;
    int count;
    boolean sharedExhausted;

    Local(long window) {
      this.window = window;
    }
  }

  private final RateCounterStore shared;
  private final Clock clock;
  private final ConcurrentHashMap<String, Local> local = new ConcurrentHashMap<>();

  public MemberRateLimit(RateCounterStore shared, Clock clock) {
    this.shared = shared;
    this.clock = clock;
  }

  /** Empty: admitted. Else the seconds until the member may try again. */
  public OptionalLong admit(String userId) {
    Instant now = clock.instant();
    RateWindow window = RateWindow.at(now, WINDOW);
    if (local.size() > MAX_TRACKED) {
      local.clear();
    }
    Local mine =
        local.compute(
            userId,
            (k, v) -> v == null || v.window != window.index() ? new Local(window.index()) : v);
    int count;
    boolean report;
    synchronized (mine) {
      if (mine.sharedExhausted || mine.count >= LIMIT) {
        return OptionalLong.of(window.secondsLeft(now));
      }
      count = ++mine.count;
      report = count % REPORT_EVERY == 0;
    }
    if (report && shared.add(userId, window, REPORT_EVERY) > LIMIT) {
      synchronized (mine) {
        mine.sharedExhausted = true;
      }
      return OptionalLong.of(window.secondsLeft(now));
    }
    return OptionalLong.empty();
  }
}
