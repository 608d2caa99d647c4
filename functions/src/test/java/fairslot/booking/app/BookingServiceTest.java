package fairslot.booking.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.domain.Book;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.IdempotentRequest;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.memory.MemoryWorld;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** BookingService's rules on the in-memory stores: no emulator, milliseconds per test. */
class BookingServiceTest {
  private final MemoryWorld world = new MemoryWorld();

  private Outcome<Booked> book(String user, Slot slot, int quantity) {
    return world.bookings.book(
        Book.byMember(user, slot.slotId(), quantity, false, Optional.empty()));
  }

  private Outcome<Booked> bookWithKey(String user, Slot slot, int quantity, String fingerprint) {
    var key = Optional.of(new IdempotentRequest(user + "#k1", fingerprint));
    return world.bookings.book(Book.byMember(user, slot.slotId(), quantity, false, key));
  }

  private static Booking created(Outcome<Booked> outcome) {
    return ((Booked.Created) done(outcome)).booking();
  }

  private static Refusal refusal(Outcome<?> outcome) {
    assertThat(outcome).isInstanceOf(Outcome.Refused.class);
    return ((Outcome.Refused<?>) outcome).refusal();
  }

  @Test
  void aBookingTakesItsSeatsAndHoldsThemUntilTheDeadline() {
    Slot slot = world.slot(ResourceKind.SEATS, 5, 5000, Admission.DIRECT);

    Booking booking = created(book("u1", slot, 2));

    assertThat(booking.status()).isEqualTo(BookingStatus.PENDING_PAY);
    assertThat(booking.holdExpiresAt()).contains(MemoryWorld.START.plus(Duration.ofMinutes(10)));
    assertThat(booking.amount().minor()).isEqualTo(10_000);
    assertThat(world.current(slot).remaining()).isEqualTo(3);
  }

  @Test
  void aFreeSlotIsPaidAtOnceWithNoHold() {
    Slot slot = world.slot(ResourceKind.SEATS, 5, 0, Admission.DIRECT);

    Booking booking = created(book("u1", slot, 1));

    assertThat(booking.status()).isEqualTo(BookingStatus.PAID);
    assertThat(booking.holdExpiresAt()).isEmpty();
  }

  @Test
  void soldOutIsAnAnswerThatSaysWhatRemains() {
    Slot slot = world.slot(ResourceKind.SEATS, 3, 5000, Admission.DIRECT);
    created(book("u1", slot, 2));

    Outcome<Booked> late = book("u2", slot, 2);

    assertThat(refusal(late)).isEqualTo(Refusal.SOLD_OUT);
    assertThat(((Outcome.Refused<?>) late).extras()).containsEntry("remaining", 1);
    assertThat(world.current(slot).remaining()).isEqualTo(1);
  }

  @Test
  void aMemberHoldsAtMostOneActiveBookingPerSlot() {
    Slot slot = world.slot(ResourceKind.SEATS, 5, 5000, Admission.DIRECT);
    Booking first = created(book("u1", slot, 1));

    Outcome<Booked> again = book("u1", slot, 1);

    assertThat(refusal(again)).isEqualTo(Refusal.ALREADY_BOOKED);
    assertThat(((Outcome.Refused<?>) again).extras()).containsEntry("bookingId", first.bookingId());
  }

  @Test
  void overlappingSessionsOfOneMemberAreATimeConflict() {
    Slot court = world.slot(ResourceKind.EXCLUSIVE, 1, 5000, Admission.DIRECT);
    Slot sameHour = world.slot(ResourceKind.SEATS, 8, 5000, Admission.DIRECT);
    Booking first = created(book("u1", court, 1));

    Outcome<Booked> clash = book("u1", sameHour, 1);

    assertThat(refusal(clash)).isEqualTo(Refusal.TIME_CONFLICT);
    assertThat(((Outcome.Refused<?>) clash).extras())
        .containsEntry("conflictingBookingId", first.bookingId());
    assertThat(world.current(sameHour).remaining()).isEqualTo(8);
  }

  @Test
  void rentalsDoNotOccupyTheMemberSoTheyMayOverlap() {
    Slot court = world.slot(ResourceKind.EXCLUSIVE, 1, 5000, Admission.DIRECT);
    Slot racket = world.slot(ResourceKind.RENTAL, 10, 500, Admission.DIRECT);
    created(book("u1", court, 1));

    assertThat(done(book("u1", racket, 2))).isInstanceOf(Booked.Created.class);
  }

  @Test
  void aRetryWithTheSameKeyReplaysTheFirstAnswerAndTakesNoSeat() {
    Slot slot = world.slot(ResourceKind.SEATS, 5, 5000, Admission.DIRECT);
    Booked.Created first = (Booked.Created) done(bookWithKey("u1", slot, 2, "body-a"));

    Booked again = done(bookWithKey("u1", slot, 2, "body-a"));

    assertThat(again).isEqualTo(new Booked.Replayed(first.response()));
    assertThat(world.current(slot).remaining()).isEqualTo(3);
  }

  @Test
  void theSameKeyWithAnotherBodyIsRefusedAndTakesNoSeat() {
    Slot slot = world.slot(ResourceKind.SEATS, 5, 5000, Admission.DIRECT);
    done(bookWithKey("u1", slot, 2, "body-a"));

    assertThat(refusal(bookWithKey("u1", slot, 1, "body-b")))
        .isEqualTo(Refusal.IDEMPOTENCY_KEY_REUSED);
    assertThat(world.current(slot).remaining()).isEqualTo(3);
  }

  @Test
  void quantityMustBeFromOneToTheSmallerOfPolicyAndCapacity() {
    Slot slot = world.slot(ResourceKind.SEATS, 4, 5000, Admission.DIRECT);

    assertThat(refusal(book("u1", slot, 0))).isEqualTo(Refusal.INVALID_REQUEST);
    assertThat(refusal(book("u1", slot, 5))).isEqualTo(Refusal.INVALID_REQUEST);
    assertThat(world.current(slot).remaining()).isEqualTo(4);
  }

  @Test
  void aSlotThatHasStartedTakesNoBooking() {
    Slot slot = world.slot(ResourceKind.SEATS, 4, 5000, Admission.DIRECT);
    world.clock.set(slot.interval().start());

    assertThat(refusal(book("u1", slot, 1))).isEqualTo(Refusal.SLOT_IN_PAST);
  }

  @Test
  void aHoldPastItsDeadlineIsReclaimedForTheNextBookingNotAtTheNextSweep() {
    Slot slot = world.slot(ResourceKind.EXCLUSIVE, 1, 5000, Admission.DIRECT);
    Booking hold = created(book("u1", slot, 1));
    assertThat(refusal(book("u2", slot, 1))).isEqualTo(Refusal.SOLD_OUT);

    world.clock.advance(Duration.ofMinutes(10));
    Booking next = created(book("u3", slot, 1));

    assertThat(world.bookingStore.findBooking(hold.bookingId()).orElseThrow().status())
        .isEqualTo(BookingStatus.EXPIRED);
    assertThat(next.userId()).isEqualTo("u3");
    assertThat(world.current(slot).remaining()).isZero();
    assertThat(world.released).hasSize(1);
  }

  @Test
  void cancellingAHoldReturnsItsSeatsExactlyOnce() {
    Slot slot = world.slot(ResourceKind.SEATS, 5, 5000, Admission.DIRECT);
    Booking booking = created(book("u1", slot, 2));

    Booking cancelled = done(world.bookings.cancel("u1", booking.bookingId()));
    Booking again = done(world.bookings.cancel("u1", booking.bookingId()));

    assertThat(cancelled.status()).isEqualTo(BookingStatus.CANCELLED);
    assertThat(again.status()).isEqualTo(BookingStatus.CANCELLED);
    assertThat(world.current(slot).remaining()).isEqualTo(5);
    assertThat(world.released).hasSize(1);
    // the member may book the slot again: the guard went with the seats
    assertThat(done(book("u1", slot, 1))).isInstanceOf(Booked.Created.class);
  }

  @Test
  void cancellingAnOverdueHoldExpiresIt() {
    Slot slot = world.slot(ResourceKind.SEATS, 5, 5000, Admission.DIRECT);
    Booking booking = created(book("u1", slot, 1));
    world.clock.advance(Duration.ofMinutes(11));

    assertThat(done(world.bookings.cancel("u1", booking.bookingId())).status())
        .isEqualTo(BookingStatus.EXPIRED);
  }

  @Test
  void nobodyButTheMemberSeesOrCancelsTheirBooking() {
    Slot slot = world.slot(ResourceKind.SEATS, 5, 5000, Admission.DIRECT);
    Booking booking = created(book("u1", slot, 1));

    assertThat(world.bookings.booking("u2", booking.bookingId())).isEmpty();
    assertThat(refusal(world.bookings.cancel("u2", booking.bookingId())))
        .isEqualTo(Refusal.NOT_FOUND);
    assertThat(world.current(slot).remaining()).isEqualTo(4);
  }

  @Test
  void aQueuedSlotRecordsTheRequestAndQueuesItOnceAcrossRetries() {
    Slot slot = world.slot(ResourceKind.SEATS, 5, 5000, Admission.QUEUED);

    Booked first = done(bookWithKey("u1", slot, 1, "body-a"));
    Booked retry = done(bookWithKey("u1", slot, 1, "body-a"));

    assertThat(first).isInstanceOf(Booked.Queued.class);
    assertThat(((Booked.Queued) retry).request().requestId())
        .isEqualTo(((Booked.Queued) first).request().requestId());
    assertThat(world.enqueued).hasSize(1);
    assertThat(world.current(slot).remaining()).isEqualTo(5);
  }

  @Test
  void aQueuedRequestIsGrantedOnceEvenWhenItsMessageComesTwice() {
    Slot slot = world.slot(ResourceKind.SEATS, 5, 5000, Admission.QUEUED);
    Booked.Queued queued = (Booked.Queued) done(book("u1", slot, 2));

    Booking booking = done(world.bookings.placeQueued(queued.request()));
    Outcome<Booking> redelivered = world.bookings.placeQueued(queued.request());

    assertThat(booking.quantity()).isEqualTo(2);
    assertThat(refusal(redelivered)).isEqualTo(Refusal.INVALID_TRANSITION);
    assertThat(world.current(slot).remaining()).isEqualTo(3);
  }
}
