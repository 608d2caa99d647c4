package fairslot.booking.app;

import fairslot.booking.domain.DueReminders;
import fairslot.kernel.JobLoop;
import fairslot.kernel.JobReport;
import java.time.Clock;
import java.time.Instant;

/**
 * Turns reminders that have come due into outbox notices: a hold's expiry warning, a session's
 * reminder. Reads only the bookings owing one now; each becomes its notice once (conditioned on the
 * booking still owing it), and the send-notifications run that follows delivers it.
 */
public final class Reminders {
  private final DueBookingStore bookings;
  private final Clock clock;

  public Reminders(DueBookingStore bookings, Clock clock) {
    this.bookings = bookings;
    this.clock = clock;
  }

  public JobReport remindDue(int limit) {
    Instant now = clock.instant();
    DueReminders due = bookings.remindersDue(now, limit);
    return JobLoop.run(
        "reminders",
        due.due(),
        due.itemsRead(),
        r -> JobLoop.one(bookings.remind(r.booking(), r.reminder(), now)));
  }
}
