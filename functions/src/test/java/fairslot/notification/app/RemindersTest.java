package fairslot.notification.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.Booked;
import fairslot.booking.app.Reminders;
import fairslot.booking.domain.Book;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.Reminder;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.JobReport;
import fairslot.memory.MemoryWorld;
import fairslot.notification.domain.Notification;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The reminders job on the in-memory stores: a hold's expiry warning becomes its notice once, when
 * it is due and only while the booking still owes it.
 */
class RemindersTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot slot = world.slot(ResourceKind.SEATS, 3, 5000, Admission.DIRECT);
  private final Reminders reminders = new Reminders(world.bookingStore, world.clock);

  private Booking hold(String user) {
    return ((Booked.Created)
            done(
                world.bookings.book(
                    Book.byMember(user, slot.slotId(), 1, false, Optional.empty()))))
        .booking();
  }

  private long warnings(Booking b) {
    return world.outbox().stream()
        .filter(n -> n.kind() == Notification.Kind.HOLD_EXPIRING)
        .filter(n -> n.ref().equals(b.bookingId()))
        .count();
  }

  @Test
  void aHoldIsWarnedOnceWhenItsWarningIsDue() {
    Booking held = hold("u1");
    Duration untilWarning = slot.policy().holdDuration().minus(Reminder.HOLD_WARNING);

    JobReport early = reminders.remindDue(10);
    world.clock.advance(untilWarning);
    JobReport due = reminders.remindDue(10);
    JobReport again = reminders.remindDue(10);

    assertThat(early.changed()).isZero();
    assertThat(due.changed()).isEqualTo(1);
    assertThat(again.changed()).isZero();
    assertThat(warnings(held)).isEqualTo(1);
  }

  @Test
  void aHoldPaidBeforeItsWarningIsNotWarned() {
    Booking held = hold("u1");
    done(world.staff.offlinePayment("desk", held.bookingId()));
    world.clock.advance(slot.policy().holdDuration());

    reminders.remindDue(10);

    assertThat(warnings(held)).isZero();
  }
}
