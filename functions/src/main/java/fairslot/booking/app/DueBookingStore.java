package fairslot.booking.app;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.DueBookings;
import fairslot.booking.domain.DueReminders;
import fairslot.booking.domain.Reminder;
import java.time.Instant;

/**
 * Port: the bookings the jobs find due (holds, reminders, attendance), each through a sparse index.
 */
public interface DueBookingStore {

  /**
   * PENDING_PAY bookings whose hold is due at {@code now}, read through the sparse holdsDue index.
   */
  DueBookings dueHolds(Instant now, int limit);

  /**
   * Bookings owed a reminder (a hold's expiry warning, a session's reminder) at or before {@code
   * now}, read through the sparse reminder keys: only those due.
   */
  DueReminders remindersDue(Instant now, int limit);

  /**
   * The reminder's notice is written and the booking owes it no more, in one transaction
   * conditioned on the booking still owing exactly {@code reminder}; false if it moved on (paid,
   * cancelled) or another run did it.
   */
  boolean remind(Booking booking, Reminder reminder, Instant at);

  /** PAID bookings whose slot has ended by {@code now} (attendanceDue index). */
  DueBookings endedUnattended(Instant now, int limit);
}
