package fairslot.booking.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.domain.Book;
import fairslot.booking.domain.BookSeveral;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.memory.MemoryWorld;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A booking of several slots (v1.2 slotIds) on the in-memory stores. */
class SeveralSlotsBookingTest {
  private final MemoryWorld world = new MemoryWorld();
  private final fairslot.catalog.domain.Resource hall = world.hall(VenuePolicy.DEFAULT);

  private Slot hour(int h, long price) {
    Instant start = MemoryWorld.START.plus(Duration.ofDays(2)).plus(Duration.ofHours(h));
    return world.slotOf(hall, start, price);
  }

  private Outcome<Booked> book(String user, List<Slot> slots) {
    return world.bookings.bookSeveral(
        new BookSeveral(
            user,
            slots.stream().map(Slot::slotId).toList(),
            1,
            Optional.empty(),
            user,
            Optional.empty()));
  }

  private static Booking created(Outcome<Booked> outcome) {
    return ((Booked.Created) done(outcome)).booking();
  }

  private static Outcome.Refused<?> refused(Outcome<?> outcome) {
    assertThat(outcome).isInstanceOf(Outcome.Refused.class);
    return (Outcome.Refused<?>) outcome;
  }

  @Test
  void theLeadIsTheEarliestSlotAndTheBookingCostsEverySlot() {
    Slot late = hour(3, 2000);
    Slot early = hour(1, 3000);

    Booking lead = created(book("u1", List.of(late, early)));

    assertThat(lead.slotId()).isEqualTo(early.slotId());
    assertThat(lead.total().minor()).isEqualTo(5000);
    assertThat(lead.group().orElseThrow().lines())
        .extracting(l -> l.slotId())
        .containsExactly(early.slotId(), late.slotId());
    Booking other = world.bookingStore.otherLines(lead).get(0);
    assertThat(other.holdExpiresAt()).isEqualTo(lead.holdExpiresAt()); // one hold
    assertThat(world.current(early).remaining()).isEqualTo(4);
    assertThat(world.current(late).remaining()).isEqualTo(4);
  }

  @Test
  void oneSlotNamedIsABookingOfOneSlot() {
    Booking b = created(book("u1", List.of(hour(1, 3000))));

    assertThat(b.group()).isEmpty();
  }

  @Test
  void badListsAreRefusedWithTheirCodesNamingTheSlot() {
    Slot a = hour(1, 3000);
    Slot b = hour(2, 3000);
    List<Slot> thirteen = new ArrayList<>();
    for (int h = 0; h < 13; h++) {
      thirteen.add(hour(10 + h, 100));
    }
    Slot elsewhere = world.slot(ResourceKind.SEATS, 5, 3000, Admission.DIRECT);
    Slot queued = world.slot(ResourceKind.SEATS, 5, 3000, Admission.QUEUED);

    assertThat(refused(book("u1", List.of(a, b, a))).refusal()).isEqualTo(Refusal.SLOT_REPEATED);
    assertThat(refused(book("u1", List.of(a, b, a))).extras()).containsEntry("slotId", a.slotId());
    assertThat(refused(book("u1", thirteen)).refusal()).isEqualTo(Refusal.TOO_MANY_SLOTS);
    assertThat(refused(book("u1", List.of(a, elsewhere))).refusal()).isEqualTo(Refusal.OTHER_VENUE);
    assertThat(refused(book("u1", List.of(queued, a))).refusal()).isEqualTo(Refusal.SEVERAL_SLOTS);
    assertThat(
            refused(
                    world.bookings.bookSeveral(
                        new BookSeveral(
                            "u1",
                            List.of(a.slotId(), b.slotId()),
                            1,
                            Optional.empty(),
                            "u1",
                            Optional.of("p1"))))
                .refusal())
        .isEqualTo(Refusal.NOT_FOUND); // no such pass of theirs
    assertThat(world.current(a).remaining()).isEqualTo(5);
  }

  @Test
  void aCancelHandsBackEverySlotAndAnAnswerNamesTheLead() {
    Slot a = hour(1, 3000);
    Slot b = hour(2, 2000);
    Booking lead = created(book("u1", List.of(a, b)));
    String other = lead.otherLineIds().get(0);

    // the member cancels by either id: the booking they see is the lead
    Booking cancelled = done(world.bookings.cancel("u1", other));

    assertThat(cancelled.bookingId()).isEqualTo(lead.bookingId());
    assertThat(cancelled.status()).isEqualTo(BookingStatus.CANCELLED);
    assertThat(world.bookingStore.findBooking(other).orElseThrow().status())
        .isEqualTo(BookingStatus.CANCELLED);
    assertThat(world.current(a).remaining()).isEqualTo(5);
    assertThat(world.current(b).remaining()).isEqualTo(5);
    assertThat(
            world
                .bookings
                .bookingsOf("u1", new fairslot.kernel.PageRequest(10, Optional.empty()))
                .items())
        .extracting(Booking::bookingId)
        .containsExactly(lead.bookingId());
  }

  @Test
  void aSlotSoldOutTakesNothingAndSaysWhich() {
    Slot a = hour(1, 3000);
    Slot b = hour(2, 3000);
    for (int i = 0; i < 5; i++) {
      created(world.bookings.book(Book.byMember("o" + i, b.slotId(), 1, false, Optional.empty())));
    }

    Outcome.Refused<?> r = refused(book("u1", List.of(a, b)));

    assertThat(r.refusal()).isEqualTo(Refusal.SOLD_OUT);
    assertThat(r.extras()).containsEntry("slotId", b.slotId());
    assertThat(world.current(a).remaining()).isEqualTo(5);
  }
}
