package fairslot.catalog.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.Booked;
import fairslot.booking.app.SlotCancellation;
import fairslot.booking.domain.Book;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.SlotStatus;
import fairslot.kernel.JobReport;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.memory.MemoryWorld;
import fairslot.money.domain.Payable;
import fairslot.money.domain.PaymentStatus;
import fairslot.notification.domain.Notification;
import fairslot.payment.app.PaymentProvider.RefundAttempt;
import fairslot.waitlist.domain.WaitlistStatus;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Cancelling a whole slot on the in-memory stores: every active booking released once (unpaid
 * cancelled, paid refunded), the line closed, each member told, and a run cut off resumed by the
 * finish-cancels job without repeating anything.
 */
class SlotCancellationTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot slot = world.slot(ResourceKind.SEATS, 2, 5000, Admission.DIRECT);

  private Booking hold(String user) {
    return ((Booked.Created)
            done(
                world.bookings.book(
                    Book.byMember(user, slot.slotId(), 1, false, Optional.empty()))))
        .booking();
  }

  private Booking paid(String user) {
    Booking b = hold(user);
    var payment =
        done(world.payments.pay(user, new Payable.ForBooking(b.bookingId()), Optional.empty()))
            .payment();
    done(
        world.payments.callback(
            new fairslot.money.domain.PaymentCallback(
                "paid-" + user,
                payment.paymentNo(),
                b.bookingId(),
                payment.amount(),
                fairslot.money.domain.PaymentCallback.Outcome.SUCCEEDED)));
    return world.booking(b.bookingId());
  }

  private long told(Booking b) {
    return world.outbox().stream()
        .filter(n -> n.kind() == Notification.Kind.SLOT_CANCELLED)
        .filter(n -> n.ref().equals(b.bookingId()))
        .count();
  }

  @Test
  void everyActiveBookingIsReleasedOnceAndEachMemberIsToldOnce() {
    Booking unpaid = hold("u1");
    Booking paid = paid("u2");
    done(world.waitlist.join("u3", slot.slotId()));
    world.provider.refundAnswer = RefundAttempt.COMPLETED;

    SlotCancellation.Cancelled first = done(world.slotCancel.cancel("admin", slot.slotId()));
    SlotCancellation.Cancelled again = done(world.slotCancel.cancel("admin", slot.slotId()));

    assertThat(first.slot().status()).isEqualTo(SlotStatus.CANCELLED);
    assertThat(first.bookingsCancelled()).isEqualTo(1);
    assertThat(first.refundsStarted()).isEqualTo(1);
    assertThat(first.waitlistClosed()).isEqualTo(1);
    assertThat(again.bookingsCancelled() + again.refundsStarted() + again.waitlistClosed())
        .isZero();
    assertThat(world.booking(unpaid.bookingId()).status()).isEqualTo(BookingStatus.CANCELLED);
    assertThat(world.payment(paid.paymentNo().orElseThrow()).status())
        .isEqualTo(PaymentStatus.REFUNDED);
    assertThat(world.provider.refundAsks).hasSize(1);
    assertThat(world.waitlistStore.entriesOf(slot.slotId()))
        .extracting(e -> e.status())
        .doesNotContain(WaitlistStatus.WAITING, WaitlistStatus.OFFERED);
    assertThat(told(unpaid)).isEqualTo(1);
    assertThat(told(paid)).isEqualTo(1);
    assertThat(world.catalogStore.cancelsDue(world.clock.instant(), 10)).isEmpty();
    assertThat(world.ledgerDeviations()).isEmpty();
  }

  @Test
  void aCancelledSlotTakesNoNewBookingAndAnUnknownSlotIsNotFound() {
    done(world.slotCancel.cancel("admin", slot.slotId()));

    Outcome<Booked> late =
        world.bookings.book(Book.byMember("u9", slot.slotId(), 1, false, Optional.empty()));
    Outcome<SlotCancellation.Cancelled> unknown = world.slotCancel.cancel("admin", "no-such-slot");

    assertThat(late).isInstanceOf(Outcome.Refused.class);
    assertThat(((Outcome.Refused<?>) unknown).refusal()).isEqualTo(Refusal.NOT_FOUND);
  }

  @Test
  void theFinishJobResumesACancelCutOffAfterTheSlotMovedAndRepeatsNothing() {
    Booking unpaid = hold("u1");
    // The run that was cut off: the slot moved to CANCELLED and nothing else happened.
    done(
        world.catalogStore.cancelSlot(
            slot.slotId(), fairslot.kernel.Change.by("admin", world.clock.instant(), "cut off")));

    JobReport early = world.slotCancel.finishInterrupted(Duration.ofMinutes(5), 10);
    world.clock.advance(Duration.ofMinutes(6));
    JobReport resumed = world.slotCancel.finishInterrupted(Duration.ofMinutes(5), 10);
    JobReport after = world.slotCancel.finishInterrupted(Duration.ofMinutes(5), 10);

    assertThat(early.due()).isZero();
    assertThat(resumed.changed()).isEqualTo(1);
    assertThat(after.due()).isZero();
    assertThat(world.booking(unpaid.bookingId()).status()).isEqualTo(BookingStatus.CANCELLED);
    assertThat(told(unpaid)).isEqualTo(1);
    assertThat(world.ledgerDeviations()).isEmpty();
  }
}
