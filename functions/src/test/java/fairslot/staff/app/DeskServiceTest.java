package fairslot.staff.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.Booked;
import fairslot.booking.domain.AuditSubject;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.finance.domain.DailyReport;
import fairslot.kernel.Outcome;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import fairslot.member.app.Customer;
import fairslot.member.domain.Phone;
import fairslot.memory.MemoryWorld;
import fairslot.staff.app.DeskService.Search;
import java.time.LocalDate;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The desk's services on the in-memory stores: walk-ins, look-ups, check-in, the day's figures. */
class DeskServiceTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot slot = world.slot(ResourceKind.SEATS, 5, 5000, Admission.DIRECT);
  private static final Phone PHONE = Phone.parse("138 0013 8000").orElseThrow();

  private Booking walkIn(Slot slot, Customer customer) {
    Outcome<Booked> booked =
        world.desk.walkIn("desk", slot.slotId(), 1, customer, Optional.empty());
    return ((Booked.Created) done(booked)).booking();
  }

  private static Search byPhone(String raw) {
    return new Search(
        Optional.empty(), Optional.empty(), Optional.empty(), Phone.parse(raw), Optional.empty());
  }

  @Test
  void aWalkInKnownByPhoneKeepsOneProfileHoweverThePhoneIsTyped() {
    Slot other =
        world.slotAt(
            ResourceKind.SEATS,
            5,
            5000,
            Admission.DIRECT,
            slot.interval().end().plus(java.time.Duration.ofDays(1)));

    Booking first = walkIn(slot, new Customer.ByPhone(PHONE, "Li"));
    Booking second =
        walkIn(other, new Customer.ByPhone(Phone.parse("13800138000").orElseThrow(), "Li Wei"));

    assertThat(second.userId()).isEqualTo(first.userId());
    assertThat(world.profileStore.findByPhone(PHONE).orElseThrow().name()).isEqualTo("Li");
    var found =
        done(world.desk.search(byPhone("138-0013-8000"), new PageRequest(10, Optional.empty())));
    assertThat(found.items())
        .extracting(Booking::bookingId)
        .containsExactlyInAnyOrder(first.bookingId(), second.bookingId());
  }

  @Test
  void aPhoneNobodyUsedFindsNothingAndASearchNeedsAKey() {
    walkIn(slot, new Customer.ByPhone(PHONE, "Li"));

    var none =
        done(world.desk.search(byPhone("+44 20 7946 0000"), new PageRequest(10, Optional.empty())));
    Outcome<?> keyless =
        world.desk.search(
            new Search(
                Optional.of(slot.venueId()),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty()),
            new PageRequest(10, Optional.empty()));

    assertThat(none.items()).isEmpty();
    assertThat(((Outcome.Refused<?>) keyless).refusal()).isEqualTo(Refusal.INVALID_REQUEST);
  }

  @Test
  void checkInCompletesAPaidBookingOnceAndRefusesAnUnpaidOne() {
    Booking unpaid = walkIn(slot, new Customer.Account("m1"));
    Booking paid =
        done(
            world.staff.offlinePayment(
                "desk", walkIn(slot, new Customer.Account("m2")).bookingId()));

    Outcome<Booking> refused = world.staff.checkIn("desk", unpaid.bookingId());
    Booking in = done(world.staff.checkIn("desk", paid.bookingId()));
    Booking again = done(world.staff.checkIn("desk", paid.bookingId()));

    assertThat(((Outcome.Refused<?>) refused).refusal()).isEqualTo(Refusal.INVALID_TRANSITION);
    assertThat(in.status()).isEqualTo(BookingStatus.COMPLETED);
    assertThat(again.status()).isEqualTo(BookingStatus.COMPLETED);
    assertThat(
            world
                .staff
                .audit(
                    AuditSubject.BOOKING,
                    paid.bookingId(),
                    new fairslot.kernel.PageRequest(200, java.util.Optional.empty()))
                .items())
        .extracting(a -> a.from() + ">" + a.to())
        .containsExactly("->PENDING_PAY", "PENDING_PAY>PAID", "PAID>COMPLETED");
  }

  @Test
  void theDaysFiguresCountPaidMoneyByTheVenuesDate() {
    Booking paid =
        done(
            world.staff.offlinePayment(
                "desk", walkIn(slot, new Customer.Account("m1")).bookingId()));
    walkIn(slot, new Customer.Account("m2")); // a hold: not money yet
    LocalDate day = LocalDate.ofInstant(slot.interval().start(), slot.timeZone());

    DailyReport report = world.desk.dailyReport(slot.venueId(), day);

    assertThat(report.totals().bookings()).isEqualTo(2);
    assertThat(report.totals().paidMinor()).isEqualTo(paid.amount().minor());
    assertThat(world.desk.dailyReport(slot.venueId(), day.plusDays(1)).totals().bookings())
        .isZero();
  }
}
