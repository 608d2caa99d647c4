package fairslot.app;

import fairslot.app.BookingStore.MoveResult;
import fairslot.domain.BookingStatus;
import java.time.Clock;
import java.time.Instant;

/**
 * The no-shows job: PAID bookings whose slot has ended without a check-in become NO_SHOW (seats
 * stay counted).
 */
public final class NoShowSweep {
  private final BookingStore bookings;
  private final Clock clock;

  public NoShowSweep(BookingStore bookings, Clock clock) {
    this.bookings = bookings;
    this.clock = clock;
  }

  public JobReport run(int limit) {
    Instant now = clock.instant();
    BookingStore.DueBookings due = bookings.endedUnattended(now, limit);
    return JobLoop.run(
        "no-shows",
        due.bookings(),
        due.itemsRead(),
        b ->
            JobLoop.one(
                bookings.move(
                        b,
                        BookingStatus.NO_SHOW,
                        Change.by("system:no-shows", now, "slot ended without check-in"))
                    instanceof MoveResult.Moved));
  }
}
