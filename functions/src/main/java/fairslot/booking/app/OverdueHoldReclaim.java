package fairslot.booking.app;

import fairslot.booking.app.BookingStore.ReleaseResult;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.BoundedCache;
import fairslot.kernel.Change;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Frees the seats behind a sold-out slot's holds that ran out, at booking time instead of at the
 * next sweep. Remembers, per slot, the earliest moment a hold can next fall due: every hold of a
 * slot lasts the slot's holdDuration, so none created later is due earlier. A flash crowd that
 * finds the slot sold out therefore costs one small index query per container, not one per attempt:
 * the first request looks (one item, the earliest hold) while the hundreds arriving with it skip
 * the look (single flight), and only when that hold is due are the due ones read. Only this
 * shortcut is skipped; the sweep still expires every hold.
 */
final class OverdueHoldReclaim {
  /** How long the crowd behind a reclaim in flight skips its own look (it takes milliseconds). */
  private static final Duration IN_FLIGHT = Duration.ofSeconds(1);

  private static final int BATCH = 25;

  private final BookingStore bookings;
  private final SeatReleases releases;
  private final BoundedCache<String, Instant> noHoldDueBefore = new BoundedCache<>(10_000);

  OverdueHoldReclaim(BookingStore bookings, SeatReleases releases) {
    this.bookings = bookings;
    this.releases = releases;
  }

  /** Expires the slot's holds that are due, each by its own conditional transition; how many. */
  int reclaim(Slot slot, Instant now) {
    String slotId = slot.slotId();
    boolean[] mine = {false};
    noHoldDueBefore.compute(
        slotId,
        (id, quietUntil) -> {
          if (quietUntil != null && now.isBefore(quietUntil)) {
            return quietUntil;
          }
          mine[0] = true;
          return now.plus(IN_FLIGHT);
        });
    if (!mine[0]) {
      return 0;
    }
    Instant next = now.plus(slot.policy().holdDuration());
    List<Booking> earliest = bookings.holdsOf(slotId, 1);
    if (earliest.isEmpty() || earliest.get(0).holdExpiresAt().orElse(now).isAfter(now)) {
      if (!earliest.isEmpty()) {
        Instant due = earliest.get(0).holdExpiresAt().orElse(next);
        next = due.isBefore(next) ? due : next;
      }
      noHoldDueBefore.put(slotId, next);
      return 0;
    }
    int released = 0;
    List<Booking> holds = bookings.holdsOf(slotId, BATCH);
    for (Booking hold : holds) {
      Instant due = hold.holdExpiresAt().orElse(now);
      if (due.isAfter(now)) {
        next = due.isBefore(next) ? due : next;
        break;
      }
      if (releases.release(
              hold,
              BookingStatus.EXPIRED,
              Change.expiry(now, "system:reclaim", "hold expired (reclaimed for a booking)"))
          instanceof ReleaseResult.Released) {
        released++;
      }
    }
    if (holds.size() < BATCH || released == 0) {
      noHoldDueBefore.put(slotId, next);
    } else {
      noHoldDueBefore.remove(slotId); // a full batch released: more may be due, let the next look
    }
    return released;
  }
}
