package fairslot.local;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/** A clock a run moves forward (holds and offers lapse when it does): chaos and the cost bench. */
public final class MovableClock extends Clock {
  private final AtomicReference<Instant> now;

  public MovableClock(Instant start) {
    this.now = new AtomicReference<>(start);
  }

  public void advance(Duration by) {
    now.updateAndGet(t -> t.plus(by));
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }

  @Override
  public Instant instant() {
    return now.get();
  }
}
