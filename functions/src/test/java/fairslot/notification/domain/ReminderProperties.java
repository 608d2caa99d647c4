package fairslot.notification.domain;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.domain.BookedSlot;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.domain.Reminder;
import fairslot.catalog.domain.CancelTiers;
import fairslot.catalog.domain.ResourceKind;
import fairslot.kernel.Interval;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** What a booking is owed: one timed message at most, never at or before the moment it is owed. */
class ReminderProperties {
  private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");

  private static BookedSlot slot(long startsInMinutes, long reminderMinutes) {
    Instant start = NOW.plus(Duration.ofMinutes(startsInMinutes));
    return new BookedSlot(
        "s",
        "v",
        "r",
        ResourceKind.SEATS,
        new Interval(start, start.plusSeconds(3600)),
        10,
        ZoneOffset.UTC,
        Duration.ofHours(2),
        Duration.ofMinutes(15),
        0,
        CancelTiers.NONE,
        Duration.ofMinutes(reminderMinutes));
  }

  @Property(tries = 500)
  void whatIsOwedIsStrictlyAheadAndMatchesTheStatus(
      @ForAll BookingStatus status,
      @ForAll @IntRange(min = -600, max = 6000) int startsInMinutes,
      @ForAll @IntRange(min = 0, max = 3000) int reminderMinutes,
      @ForAll @IntRange(min = -30, max = 60) int holdLapsesInMinutes) {
    Optional<Instant> hold = Optional.of(NOW.plus(Duration.ofMinutes(holdLapsesInMinutes)));

    Optional<Reminder> owed =
        Reminder.owed(status, hold, slot(startsInMinutes, reminderMinutes), NOW);

    owed.ifPresent(r -> assertThat(r.at()).isAfter(NOW));
    switch (status) {
      case PENDING_PAY -> {
        assertThat(owed.map(Reminder::kind))
            .isIn(Optional.empty(), Optional.of(Notification.Kind.HOLD_EXPIRING));
        assertThat(owed.isPresent()).isEqualTo(holdLapsesInMinutes > 5);
      }
      case PAID -> {
        assertThat(owed.map(Reminder::kind))
            .isIn(Optional.empty(), Optional.of(Notification.Kind.BOOKING_REMINDER));
        assertThat(owed.isPresent())
            .isEqualTo(reminderMinutes > 0 && startsInMinutes - reminderMinutes > 0);
      }
      default -> assertThat(owed).isEmpty();
    }
  }
}
