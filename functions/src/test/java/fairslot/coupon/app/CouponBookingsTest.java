package fairslot.coupon.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.Booked;
import fairslot.booking.domain.Book;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.coupon.domain.Coupon;
import fairslot.coupon.domain.CouponUse;
import fairslot.coupon.domain.Discount;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.memory.MemoryWorld;
import fairslot.money.domain.Payable;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Bookings with a coupon on the in-memory stores (v1.3 "Coupons"): the redemption is taken with the
 * seat, refused past either limit with nothing written, given back when the booking ends unpaid,
 * kept when it was paid, and taken again by a late payment's revival.
 */
class CouponBookingsTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot slot = world.slot(ResourceKind.SEATS, 10, 5000, Admission.DIRECT);

  private Coupon coupon(String code, Discount off, int max, int perMember) {
    return done(
        world.coupons.create(
            "admin",
            slot.venueId(),
            new CouponService.Terms(
                code,
                off,
                Optional.of("CNY"),
                max,
                perMember,
                world.clock.instant().minus(Duration.ofDays(1)),
                world.clock.instant().plus(Duration.ofDays(30)),
                Optional.empty(),
                Set.of())));
  }

  private Outcome<Booked> book(String user, String code) {
    return world.bookings.book(
        new Book(
            user,
            slot.slotId(),
            1,
            false,
            Optional.empty(),
            user,
            Optional.empty(),
            Optional.of(code)));
  }

  private Booking held(String user, String code) {
    return ((Booked.Created) done(book(user, code))).booking();
  }

  private int redeemed(String code) {
    return world.couponStore.find(slot.venueId(), code).orElseThrow().redeemed();
  }

  private static Refusal refusal(Outcome<?> o) {
    return ((Outcome.Refused<?>) o).refusal();
  }

  private void succeed(Payment p) {
    done(
        world.payments.callback(
            new PaymentCallback(
                "e-" + p.paymentNo(),
                p.paymentNo(),
                p.payable(),
                p.amount(),
                PaymentCallback.Outcome.SUCCEEDED,
                "")));
  }

  private Payment started(String user, Booking b) {
    return done(world.payments.pay(user, new Payable.ForBooking(b.bookingId()), Optional.empty()))
        .payment();
  }

  @Test
  void aBookingWithACouponCostsThePriceLessItsPartAndTakesOneRedemption() {
    coupon("SPRING", new Discount.PercentOff(15), 10, 1);

    Booking b = held("u1", "SPRING");

    assertThat(b.amount()).isEqualTo(new Money(4250, "CNY"));
    assertThat(b.coupon())
        .contains(new CouponUse("SPRING", new Money(5000, "CNY"), new Money(750, "CNY"), 1));
    assertThat(redeemed("SPRING")).isEqualTo(1);
    Payment p = started("u1", b);
    assertThat(p.amount()).isEqualTo(new Money(4250, "CNY"));
  }

  @Test
  void pastEitherLimitTheBookingIsRefusedAndNothingIsWritten() {
    coupon("TWO", new Discount.AmountOff(new Money(1000, "CNY")), 2, 1);
    held("u1", "TWO");

    assertThat(refusal(book("u1", "TWO"))).isEqualTo(Refusal.ALREADY_BOOKED);
    held("u2", "TWO");
    Outcome<Booked> third = book("u3", "TWO");

    assertThat(refusal(third)).isEqualTo(Refusal.COUPON_EXHAUSTED);
    assertThat(redeemed("TWO")).isEqualTo(2);
    assertThat(world.catalogStore.findSlot(slot.slotId()).orElseThrow().remaining()).isEqualTo(8);
    assertThat(world.ledgerDeviations()).isEmpty();
  }

  @Test
  void aMemberPastTheirOwnLimitIsRefusedWhileOthersMayStillRedeem() {
    coupon("ONCE", new Discount.PercentOff(10), 10, 1);
    Booking first = held("u1", "ONCE");
    Slot other =
        world.slotOf(
            world.catalogStore.findResource(slot.resourceId()).orElseThrow(),
            slot.interval().start().plus(Duration.ofDays(1)),
            5000);

    Outcome<Booked> again =
        world.bookings.book(
            new Book(
                "u1",
                other.slotId(),
                1,
                false,
                Optional.empty(),
                "u1",
                Optional.empty(),
                Optional.of("ONCE")));

    assertThat(refusal(again)).isEqualTo(Refusal.COUPON_ALREADY_USED);
    assertThat(first.coupon()).isPresent();
    assertThat(redeemed("ONCE")).isEqualTo(1);
    held("u2", "ONCE");
    assertThat(redeemed("ONCE")).isEqualTo(2);
  }

  @Test
  void aCouponThatDoesNotApplyIsInvalidBeforeAnyWrite() {
    done(
        world.coupons.create(
            "admin",
            slot.venueId(),
            new CouponService.Terms(
                "NOPE",
                new Discount.PercentOff(10),
                Optional.of("CNY"),
                10,
                1,
                world.clock.instant(),
                world.clock.instant().plus(Duration.ofHours(1)),
                Optional.of(new Money(6000, "CNY")),
                Set.of())));

    assertThat(refusal(book("u1", "OTHER"))).isEqualTo(Refusal.COUPON_INVALID);
    assertThat(refusal(book("u1", "NOPE"))).isEqualTo(Refusal.COUPON_INVALID); // under its spend
    world.clock.advance(Duration.ofHours(2));
    assertThat(refusal(book("u1", "NOPE"))).isEqualTo(Refusal.COUPON_INVALID);
    assertThat(redeemed("NOPE")).isZero();
  }

  @Test
  void aHoldThatExpiresOrIsCancelledGivesItsRedemptionBackOnce() {
    coupon("BACK", new Discount.PercentOff(10), 1, 1);
    Booking b = held("u1", "BACK");
    assertThat(refusal(book("u2", "BACK"))).isEqualTo(Refusal.COUPON_EXHAUSTED);

    world.clock.advance(Duration.ofMinutes(11));
    world.holdSweep.run(100);
    world.holdSweep.run(100);

    assertThat(world.booking(b.bookingId()).status()).isEqualTo(BookingStatus.EXPIRED);
    assertThat(world.booking(b.bookingId()).coupon().orElseThrow().held()).isFalse();
    assertThat(redeemed("BACK")).isZero();
    Booking second = held("u2", "BACK");
    done(world.bookings.cancel("u2", second.bookingId()));
    assertThat(redeemed("BACK")).isZero();
    assertThat(held("u3", "BACK").coupon()).isPresent();
    assertThat(redeemed("BACK")).isEqualTo(1);
  }

  @Test
  void aPaidBookingKeepsItsRedemptionWhenItIsRefunded() {
    coupon("KEEP", new Discount.PercentOff(10), 5, 1);
    Booking b = held("u1", "KEEP");
    succeed(started("u1", b));
    assertThat(world.booking(b.bookingId()).status()).isEqualTo(BookingStatus.PAID);

    done(world.bookings.cancel("u1", b.bookingId()));

    assertThat(world.booking(b.bookingId()).status())
        .isIn(BookingStatus.REFUNDING, BookingStatus.REFUNDED);
    assertThat(redeemed("KEEP")).isEqualTo(1);
  }

  @Test
  void aLatePaymentRevivesTheBookingWithItsRedemptionTakenAgain() {
    coupon("LATE", new Discount.PercentOff(10), 1, 1);
    Booking b = held("u1", "LATE");
    Payment p = started("u1", b);
    world.clock.advance(Duration.ofMinutes(11));
    world.holdSweep.run(100);
    assertThat(redeemed("LATE")).isZero();

    succeed(p);

    assertThat(world.booking(b.bookingId()).status()).isEqualTo(BookingStatus.PAID);
    assertThat(world.booking(b.bookingId()).coupon().orElseThrow().held()).isTrue();
    assertThat(redeemed("LATE")).isEqualTo(1);
  }

  @Test
  void aLatePaymentWhoseCouponWasRedeemedMeanwhileGoesBack() {
    coupon("GONE", new Discount.PercentOff(10), 1, 1);
    Booking b = held("u1", "GONE");
    Payment p = started("u1", b);
    world.clock.advance(Duration.ofMinutes(11));
    world.holdSweep.run(100);
    held("u2", "GONE");

    succeed(p);

    assertThat(world.booking(b.bookingId()).status()).isEqualTo(BookingStatus.EXPIRED);
    assertThat(world.payment(p.paymentNo()).status().name()).startsWith("REFUND");
    assertThat(redeemed("GONE")).isEqualTo(1);
  }

  @Test
  void aRescheduledHoldKeepsTheCouponsMoneyOffOnTheNewPrice() {
    coupon("MOVE", new Discount.AmountOff(new Money(1000, "CNY")), 5, 1);
    Booking b = held("u1", "MOVE");
    Slot cheaper =
        world.slotOf(
            world.catalogStore.findResource(slot.resourceId()).orElseThrow(),
            slot.interval().start().plus(Duration.ofHours(3)),
            4000);

    Booking moved =
        done(
            world.bookings.reschedule(
                "u1", false, b.bookingId(), Optional.empty(), cheaper.slotId()));

    assertThat(moved.amount()).isEqualTo(new Money(3000, "CNY"));
    assertThat(moved.coupon())
        .contains(new CouponUse("MOVE", new Money(4000, "CNY"), new Money(1000, "CNY"), 1));
    assertThat(world.booking(b.bookingId()).amount()).isEqualTo(new Money(3000, "CNY"));
    assertThat(redeemed("MOVE")).isEqualTo(1);
  }

  @Test
  void aCodeIsMatchedWhateverTheCaseAndOneCodePerVenue() {
    Coupon made = coupon("MIXED", new Discount.PercentOff(10), 5, 1);
    Outcome<Coupon> twice =
        world.coupons.create(
            "admin",
            slot.venueId(),
            new CouponService.Terms(
                "MIXED",
                new Discount.PercentOff(20),
                Optional.empty(),
                5,
                1,
                Instant.EPOCH,
                Instant.EPOCH.plusSeconds(60),
                Optional.empty(),
                Set.of()));

    assertThat(refusal(twice)).isEqualTo(Refusal.COUPON_CODE_TAKEN);
    assertThat(made.code()).isEqualTo("MIXED");
  }
}
