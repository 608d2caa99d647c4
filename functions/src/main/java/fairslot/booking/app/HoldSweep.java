package fairslot.booking.app;

import fairslot.booking.app.BookingStore.ReleaseResult;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.domain.DueBookings;
import fairslot.kernel.Change;
import fairslot.kernel.JobLoop;
import fairslot.kernel.JobReport;
import java.time.Clock;
import java.time.Instant;

/**
 * The sweep-holds job: expires holds past their deadline and returns their seats, one conditional
 * transaction each (status PENDING_PAY and deadline passed, re-checked at write time).
 */
public final class HoldSweep {
  private final BookingStore bookings;
  private final SeatReleases releases;
  private final Clock clock;

  public HoldSweep(BookingStore bookings, SeatReleases releases, Clock clock) {
    this.bookings = bookings;
    this.releases = releases;
    this.clock = clock;
  }

  public JobReport run(int limit) {
    Instant now = clock.instant();
    DueBookings due = bookings.dueHolds(now, limit);
    return JobLoop.run(
        "sweep-holds",
        due.bookings(),
        due.itemsRead(),
        b ->
            JobLoop.one(
                releases.release(
                        b,
                        BookingStatus.EXPIRED,
                        Change.expiry(now, "system:sweep-holds", "hold expired"))
                    instanceof ReleaseResult.Released));
  }
}
