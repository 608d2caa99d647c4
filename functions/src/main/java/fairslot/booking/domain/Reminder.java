package fairslot.booking.domain;

import fairslot.notification.domain.Notification;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The next message a booking is owed at a set time: a warning {@link #HOLD_WARNING} before an
 * unpaid hold lapses, or the venue's {@code reminderBefore} ahead of a paid booking's start. Only
 * one is owed at a time, kept on the booking (a sparse index key) so a job reads only those due.
 */
public record Reminder(Notification.Kind kind, Instant at) {
  public static final Duration HOLD_WARNING = Duration.ofMinutes(5);

  /**
   * What a booking entering {@code status} at {@code now} is owed, if anything. A time already
   * reached is owed nothing: a member who books an hour before a two-hour reminder has no need of
   * one, and a hold of five minutes or less is its own warning.
   */
  public static Optional<Reminder> owed(
      BookingStatus status, Optional<Instant> holdDeadline, BookedSlot slot, Instant now) {
    Optional<Reminder> next =
        switch (status) {
          case PENDING_PAY ->
              holdDeadline.map(
                  d -> new Reminder(Notification.Kind.HOLD_EXPIRING, d.minus(HOLD_WARNING)));
          case PAID ->
              slot.reminderBefore().isZero()
                  ? Optional.empty()
                  : Optional.of(
                      new Reminder(
                          Notification.Kind.BOOKING_REMINDER,
                          slot.interval().start().minus(slot.reminderBefore())));
          default -> Optional.empty();
        };
    return next.filter(r -> r.at().isAfter(now));
  }
}
