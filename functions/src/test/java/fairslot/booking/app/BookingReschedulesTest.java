package fairslot.booking.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.domain.Book;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.app.CatalogService;
import fairslot.catalog.app.SeatReleased;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.Venue;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.memory.MemoryWorld;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Moving a booking to another slot of its venue (v1.2 reschedule), on the in-memory stores. */
class BookingReschedulesTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Resource hall = hall();

  private Resource hall() {
    Venue venue =
        world.catalog.createVenue(
            new CatalogService.CreateVenue("Club", ZoneId.of("UTC"), VenuePolicy.DEFAULT),
            Optional.empty());
    return done(
        world.catalog.createResource(
            new fairslot.catalog.app.CreateResource(venue.venueId(), "Hall", ResourceKind.SEATS, 2),
            Optional.empty()));
  }

  private Slot slot(Duration startsIn, long priceMinor) {
    return world.slotOf(hall, world.clock.instant().plus(startsIn), priceMinor);
  }

  private Booking book(String user, Slot slot) {
    return ((Booked.Created)
            done(
                world.bookings.book(
                    Book.byMember(user, slot.slotId(), 1, false, Optional.empty()))))
        .booking();
  }

  private Outcome<Booking> move(String caller, Booking b, Slot to) {
    return world.bookings.reschedule(caller, false, b.bookingId(), Optional.empty(), to.slotId());
  }

  private static Refusal refusal(Outcome<?> outcome) {
    assertThat(outcome).isInstanceOf(Outcome.Refused.class);
    return ((Outcome.Refused<?>) outcome).refusal();
  }

  @Test
  void aMoveTakesTheNewSeatReturnsTheOldToItsWaitlistAndAnnouncesIt() {
    Slot from = slot(Duration.ofDays(2), 0);
    Slot to = slot(Duration.ofDays(3), 0);
    Booking mine = book("u1", from);
    book("u2", from); // full
    done(world.waitlist.join("u3", from.slotId()));

    Booking moved = done(move("u1", mine, to));
    world.deliverReleases();

    assertThat(moved.slotId()).isEqualTo(to.slotId());
    assertThat(moved.status()).isEqualTo(BookingStatus.PAID);
    assertThat(world.current(to).remaining()).isEqualTo(1);
    assertThat(world.released)
        .extracting(SeatReleased::slotId, SeatReleased::reason)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(from.slotId(), SeatReleased.Reason.RESCHEDULED));
    assertThat(done(world.waitlist.mine("u3", from.slotId())).entry().status().name())
        .isEqualTo("OFFERED");
    assertThat(world.ledgerDeviations()).isEmpty();
  }

  @Test
  void priceRulesDearerRefusedCheaperPaidRefusedCheaperHoldRepriced() {
    Slot from = slot(Duration.ofDays(2), 5000);
    Slot dearer = slot(Duration.ofDays(3), 6000);
    Slot cheaper = slot(Duration.ofDays(4), 4000);
    Booking hold = book("u1", from);
    Booking free = book("u2", slot(Duration.ofDays(5), 0));

    assertThat(refusal(move("u1", hold, dearer))).isEqualTo(Refusal.PRICE_HIGHER);
    Booking repriced = done(move("u1", hold, cheaper));
    assertThat(repriced.amount()).isEqualTo(new Money(4000, "CNY"));
    assertThat(repriced.status()).isEqualTo(BookingStatus.PENDING_PAY);
    assertThat(refusal(move("u2", free, dearer))).isEqualTo(Refusal.PRICE_HIGHER);
    assertThat(world.ledgerDeviations()).isEmpty();
  }

  @Test
  void theSameSlotAnotherVenueAStartedOrClosedSlotAndALateMoveAreRefused() {
    Slot from = slot(Duration.ofDays(2), 0);
    Booking b = book("u1", from);
    Slot elsewhere = world.slot(ResourceKind.SEATS, 5, 0, Admission.DIRECT);
    Slot closed = slot(Duration.ofDays(3), 0);
    done(world.catalog.setOpen("desk", closed.slotId(), false));
    Slot soon = slot(Duration.ofHours(5), 0);

    assertThat(refusal(move("u1", b, from))).isEqualTo(Refusal.INVALID_TRANSITION);
    assertThat(refusal(move("u1", b, elsewhere))).isEqualTo(Refusal.INVALID_REQUEST);
    assertThat(refusal(move("u1", b, closed))).isEqualTo(Refusal.SLOT_CLOSED);
    assertThat(refusal(move("u2", b, soon))).isEqualTo(Refusal.NOT_FOUND);
    world.clock.advance(Duration.ofHours(6));
    assertThat(refusal(move("u1", b, soon))).isEqualTo(Refusal.SLOT_IN_PAST);
    world.clock.advance(Duration.ofDays(2).minusHours(7)); // an hour before its start
    assertThat(refusal(move("u1", b, closed))).isEqualTo(Refusal.CANCEL_WINDOW_CLOSED);
    assertThat(world.booking(b.bookingId()).slotId()).isEqualTo(from.slotId());
  }

  @Test
  void aMoveOntoTheMembersOwnBookingOfTheSlotOrOneOverlappingItIsRefused() {
    Slot from = slot(Duration.ofDays(2), 0);
    Slot theirs = slot(Duration.ofDays(3), 0);
    Booking b = book("u1", from);
    book("u1", theirs);
    Resource court =
        done(
            world.catalog.createResource(
                new fairslot.catalog.app.CreateResource(
                    hall.venueId(), "Court", ResourceKind.SEATS, 2),
                Optional.empty()));
    Instant start = theirs.interval().start();
    Slot sameHour = world.freeSlot(court, Duration.between(world.clock.instant(), start));

    assertThat(refusal(move("u1", b, theirs))).isEqualTo(Refusal.ALREADY_BOOKED);
    assertThat(refusal(move("u1", b, sameHour))).isEqualTo(Refusal.TIME_CONFLICT);
    assertThat(world.ledgerDeviations()).isEmpty();
  }

  @Test
  void aPassBookingMovesWithItsCreditsWhereThePassIsValidAndNotPastIt() {
    String planId =
        done(world.passService.createPlan(
                "admin",
                new fairslot.pass.app.PassService.CreatePlan(
                    hall.venueId(),
                    "Five",
                    fairslot.pass.domain.PlanKind.PACK,
                    5,
                    Duration.ofDays(30),
                    java.util.Set.of(),
                    new Money(20000, "CNY")),
                Optional.empty()))
            .planId();
    var pass =
        done(
            world.passService.sellAtDesk(
                "desk", planId, new fairslot.member.app.Customer.Account("u1"), Optional.empty()));
    Slot from = slot(Duration.ofDays(2), 5000);
    Slot dearer = slot(Duration.ofDays(3), 9000);
    Slot pastThePass = slot(Duration.ofDays(40), 5000);
    Booking b =
        ((Booked.Created)
                done(
                    world.bookings.book(
                        new Book(
                            "u1",
                            from.slotId(),
                            1,
                            false,
                            Optional.empty(),
                            "u1",
                            Optional.of(pass.passId())))))
            .booking();

    Booking moved = done(move("u1", b, dearer));
    Refusal late = refusal(move("u1", moved, pastThePass));

    assertThat(moved.pass()).isEqualTo(b.pass());
    assertThat(moved.amount().minor()).isZero(); // credits pay for it, not its new price
    assertThat(world.passStore.findPass("u1", pass.passId()).orElseThrow().creditsLeft())
        .isEqualTo(4);
    assertThat(late).isEqualTo(Refusal.PASS_EXPIRED);
    assertThat(world.ledgerDeviations()).isEmpty();
  }
}
