package fairslot.staff.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.app.CatalogService;
import fairslot.catalog.app.CreateResource;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.Venue;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.memory.MemoryWorld;
import fairslot.money.domain.PaymentStatus;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The desk's three moves on a booking (check-in, offline payment, refund) on the fakes. */
class StaffServiceTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot slot = world.slot(ResourceKind.SEATS, 3, 5000, Admission.DIRECT);

  private Booking hold(String user, Slot on) {
    return world.book(user, on);
  }

  private static Refusal refusal(Outcome<?> outcome) {
    assertThat(outcome).isInstanceOf(Outcome.Refused.class);
    return ((Outcome.Refused<?>) outcome).refusal();
  }

  @Test
  void anOfflinePaymentPaysAHoldWithOneSucceededPaymentAndARepeatChangesNothing() {
    Booking b = hold("u1", slot);

    Booking paid = done(world.staff.offlinePayment("desk", b.bookingId()));
    Booking again = done(world.staff.offlinePayment("desk", b.bookingId()));

    assertThat(paid.status()).isEqualTo(BookingStatus.PAID);
    assertThat(again.paymentNo()).isEqualTo(paid.paymentNo());
    assertThat(world.paymentStore.paymentsOf(b.bookingId())).hasSize(1);
    assertThat(world.payment(paid.paymentNo().orElseThrow()).status())
        .isEqualTo(PaymentStatus.SUCCEEDED);
    assertThat(world.payment(paid.paymentNo().orElseThrow()).amount()).isEqualTo(b.amount());
  }

  @Test
  void anExpiredHoldCannotBePaidAtTheDeskNorACancelledOne() {
    Booking lapsed = hold("u1", slot);
    world.clock.advance(slot.policy().holdDuration().plusSeconds(1));
    world.holdSweep.run(100);
    Booking cancelled = hold("u2", slot);
    done(world.bookings.cancel("u2", cancelled.bookingId()));

    assertThat(refusal(world.staff.offlinePayment("desk", lapsed.bookingId())))
        .isEqualTo(Refusal.HOLD_EXPIRED);
    assertThat(refusal(world.staff.offlinePayment("desk", cancelled.bookingId())))
        .isEqualTo(Refusal.INVALID_TRANSITION);
  }

  @Test
  void checkInIsTakenOnlyInsideTheVenuesWindowAndRefusedBeforeAndAfterIt() {
    Venue venue =
        world.catalog.createVenue(
            new CatalogService.CreateVenue(
                "Courts",
                ZoneId.of("Asia/Shanghai"),
                VenuePolicy.DEFAULT.withCheckIn(
                    new VenuePolicy.CheckIn(
                        Duration.ofMinutes(30), Duration.ofMinutes(15), false))),
            Optional.empty());
    Resource court =
        done(
            world.catalog.createResource(
                new CreateResource(venue.venueId(), "Court", ResourceKind.EXCLUSIVE, 1),
                Optional.empty()));
    Slot evening = world.slotOf(court, world.clock.instant().plus(Duration.ofHours(2)), 5000);
    Booking paid = done(world.staff.offlinePayment("desk", hold("u1", evening).bookingId()));

    Outcome<Booking> early = world.staff.checkIn("desk", paid.bookingId()); // 2 h before
    world.clock.advance(Duration.ofMinutes(90)); // the window opens: 30 min before
    Booking in = done(world.staff.checkIn("desk", paid.bookingId()));

    assertThat(refusal(early)).isEqualTo(Refusal.CHECK_IN_WINDOW_CLOSED);
    assertThat(((Outcome.Refused<Booking>) early).extras())
        .containsEntry(
            "opensAt",
            evening
                .interval()
                .start()
                .minus(Duration.ofMinutes(30))
                .atZone(ZoneId.of("Asia/Shanghai"))
                .toOffsetDateTime()
                .toString());
    assertThat(in.status()).isEqualTo(BookingStatus.COMPLETED);

    Booking late =
        done(world.staff.offlinePayment("desk", hold("u2", slotAfter(court)).bookingId()));
    world.clock.advance(Duration.ofHours(3).plusMinutes(16)); // 16 min after its start
    assertThat(refusal(world.staff.checkIn("desk", late.bookingId())))
        .isEqualTo(Refusal.CHECK_IN_WINDOW_CLOSED);
  }

  /** A slot of {@code court} three hours from now. */
  private Slot slotAfter(Resource court) {
    return world.slotOf(court, world.clock.instant().plus(Duration.ofHours(3)), 5000);
  }

  @Test
  void checkInCompletesAPaidBookingOnceAndRefusesAHold() {
    Booking paid = done(world.staff.offlinePayment("desk", hold("u1", slot).bookingId()));
    Booking held = hold("u2", slot);

    Booking in = done(world.staff.checkIn("desk", paid.bookingId()));
    Booking again = done(world.staff.checkIn("desk", paid.bookingId()));

    assertThat(in.status()).isEqualTo(BookingStatus.COMPLETED);
    assertThat(again.status()).isEqualTo(BookingStatus.COMPLETED);
    assertThat(refusal(world.staff.checkIn("desk", held.bookingId())))
        .isEqualTo(Refusal.INVALID_TRANSITION);
    assertThat(world.current(slot).remaining()).isEqualTo(1); // a completed seat stays counted
  }

  @Test
  void aDeskPaymentRefundedAtTheDeskIsRefundedOnceAtOnceEvenInsideTheCutoffAndItsSeatReturns() {
    Slot soon = world.slotAt(ResourceKind.SEATS, 3, 5000, Admission.DIRECT, inOneHour());
    Booking paid = done(world.staff.offlinePayment("desk", hold("u1", soon).bookingId()));

    Booking refunding = done(world.staff.refund("desk", paid.bookingId()));
    Booking again = done(world.staff.refund("desk", paid.bookingId()));

    assertThat(refunding.status()).isEqualTo(BookingStatus.REFUNDED);
    assertThat(again.status()).isEqualTo(BookingStatus.REFUNDED);
    assertThat(world.payment(paid.paymentNo().orElseThrow()).status())
        .isEqualTo(PaymentStatus.REFUNDED);
    assertThat(world.provider.refundAsks).isEmpty(); // desk money goes back at the desk
    assertThat(world.current(soon).remaining()).isEqualTo(3);
    assertThat(world.ledgerDeviations()).isEmpty();
  }

  @Test
  void partOfTheDeskPaymentGoesBackWhileTheBookingStaysAndTheRestRefundsItWhole() {
    Booking paid = done(world.staff.offlinePayment("desk", hold("u1", slot).bookingId()));

    Booking part =
        done(world.staff.refund("desk", paid.bookingId(), Optional.of(1500L), Optional.empty()));
    Outcome<Booking> tooMuch =
        world.staff.refund("desk", paid.bookingId(), Optional.of(3501L), Optional.empty());
    Booking rest =
        done(world.staff.refund("desk", paid.bookingId(), Optional.of(3500L), Optional.empty()));

    assertThat(part.status()).isEqualTo(BookingStatus.PAID);
    assertThat(part.amount().minor()).isEqualTo(3500);
    assertThat(part.moneyBack().partsMinor()).isEqualTo(1500);
    assertThat(refusal(tooMuch)).isEqualTo(Refusal.REFUND_EXCEEDS_PAYMENT);
    assertThat(((Outcome.Refused<Booking>) tooMuch).extras())
        .containsEntry("refundableMinor", 3500L);
    assertThat(rest.status()).isEqualTo(BookingStatus.REFUNDED);
    assertThat(world.current(slot).remaining()).isEqualTo(3);
    assertThat(world.ledgerDeviations()).isEmpty();
  }

  @Test
  void aPassOrFreeBookingHasNoMoneyToRefundInPart() {
    Resource hall = world.hall(MemoryWorld.memberRules(OptionalInt.empty(), Optional.empty()));
    Booking free = hold("u1", world.freeSlot(hall, Duration.ofDays(1)));

    assertThat(
            refusal(
                world.staff.refund("desk", free.bookingId(), Optional.of(1L), Optional.empty())))
        .isEqualTo(Refusal.INVALID_TRANSITION);
  }

  @Test
  void aFreeBookingRefundedAtTheDeskIsCancelledWithNothingToPayBack() {
    Resource hall = world.hall(MemoryWorld.memberRules(OptionalInt.empty(), Optional.empty()));
    Slot free = world.freeSlot(hall, Duration.ofDays(1));
    Booking b = hold("u1", free);

    Booking out = done(world.staff.refund("desk", b.bookingId()));

    assertThat(b.status()).isEqualTo(BookingStatus.PAID);
    assertThat(out.status()).isEqualTo(BookingStatus.CANCELLED);
    assertThat(world.paymentStore.paymentsOf(b.bookingId())).isEmpty();
    assertThat(world.current(free).remaining()).isEqualTo(5);
  }

  @Test
  void anUnknownBookingIsNotFoundForEveryMove() {
    assertThat(refusal(world.staff.checkIn("desk", "nope"))).isEqualTo(Refusal.NOT_FOUND);
    assertThat(refusal(world.staff.offlinePayment("desk", "nope"))).isEqualTo(Refusal.NOT_FOUND);
    assertThat(refusal(world.staff.refund("desk", "nope"))).isEqualTo(Refusal.NOT_FOUND);
  }

  private java.time.Instant inOneHour() {
    return world.clock.instant().plus(Duration.ofHours(1));
  }
}
