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
    int reportable;
    boolean sharedExhausted;

    Local(long window) {
      this.window = window;
    }
  }

  private final RateCounterStore shared;
  private final Clock clock;
  private final int limit;
  private final ConcurrentHashMap<String, Local> local = new ConcurrentHashMap<>();

  public MemberRateLimit(RateCounterStore shared, Clock clock) {
    this(shared, clock, LIMIT);
  }

  /** {@code limit} requests per window: tests of one member's own races lift it. */
  public MemberRateLimit(RateCounterStore shared, Clock clock, int limit) {
    this.shared = shared;
    this.clock = clock;
    this.limit = limit;
  }

  /**
   * Before the request: empty when admitted (and counted here), else the seconds until the member
   * may try again. Every request counts against this container's window, malformed ones too.
   */
  public OptionalLong admit(String userId) {
    Instant now = clock.instant();
    RateWindow window = RateWindow.at(now, WINDOW);
    Local mine = current(userId, window);
    synchronized (mine) {
      if (mine.sharedExhausted || mine.count >= limit) {
        return OptionalLong.of(window.secondsLeft(now));
      }
      mine.count++;
    }
    return OptionalLong.empty();
  }

  /**
   * After an admitted request that reached the booking or waitlist rules (not refused as input):
   * every {@link #REPORT_EVERY}th such request of the window is added to the shared count, and a
   * shared total past the limit closes the window for the member in this container. Bad input thus
   * never writes, and a person at a human pace never reaches a report.
   */
  public void reachedTheRules(String userId) {
    RateWindow window = RateWindow.at(clock.instant(), WINDOW);
    Local mine = current(userId, window);
    boolean report;
    synchronized (mine) {
      report = ++mine.reportable % REPORT_EVERY == 0;
    }
    if (report && shared.add(userId, window, REPORT_EVERY) > limit) {
      synchronized (mine) {
        mine.sharedExhausted = true;
      }
    }
  }

  private Local current(String userId, RateWindow window) {
    if (local.size() > MAX_TRACKED) {
      local.clear();
    }
    return local.compute(
        userId, (k, v) -> v == null || v.window != window.index() ? new Local(window.index()) : v);
  }
}
