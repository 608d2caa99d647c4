package fairslot.payment.store;

import static fairslot.table.Attr.s;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingClaims;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.store.BookingWrites;
import fairslot.booking.store.GuardWrites;
import fairslot.catalog.store.SeatWrites;
import fairslot.coupon.domain.CouponUse;
import fairslot.coupon.store.CouponWrites;
import fairslot.member.store.CalendarWrites;
import fairslot.member.store.StandingWrites;
import fairslot.member.store.UpcomingWrites;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.store.PaymentWrites;
import fairslot.payment.app.Settlement;
import fairslot.payment.store.PaymentSettlement.Action;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A late payment's revival of an expired booking, as part of its settlement: the booking is placed
 * again (the seat, the guard, the venue's limit and suspension as on any placement, and the coupon
 * it was bought with, redeemed again under its limits); any of them refused and the money goes back
 * instead.
 */
final class Revivals {
  private final BookingWrites bookingWrites;
  private final CalendarWrites calendars;
  private final GuardWrites guards;
  private final StandingWrites standings;
  private final UpcomingWrites upcoming;
  private final SeatWrites seats;
  private final PaymentWrites payments;
  private final RecordParts records;
  private final CouponWrites coupons;

  Revivals(String table) {
    this.bookingWrites = new BookingWrites(table);
    this.calendars = new CalendarWrites(table);
    this.guards = new GuardWrites(table);
    this.standings = new StandingWrites(table);
    this.upcoming = new UpcomingWrites(table);
    this.seats = new SeatWrites(table);
    this.payments = new PaymentWrites(table);
    this.records = new RecordParts(table);
    this.coupons = new CouponWrites(table);
  }

  void add(Transaction<Action> tx, Settlement.Revive r) {
    Booking b = r.booking();
    Optional<CouponUse> coupon = b.coupon().filter(use -> !use.held());
    tx.add(payments.move(r.payment(), r.payment().status(), PaymentStatus.SUCCEEDED, false));
    Map<String, AttributeValue> values = new HashMap<>(Map.of(":p", s(r.payment().paymentNo())));
    coupon.ifPresent(use -> values.put(":held", AttributeValue.fromBool(true)));
    tx.add(
        bookingWrites.move(
            b,
            BookingStatus.PAID,
            r.change(),
            "paymentNo = :p" + (coupon.isPresent() ? ", couponHeld = :held" : ""),
            "",
            values));
    tx.add(Action.SEATS, seats.takeSeats(BookingClaims.seats(b), r.change()))
        .addEach(Action.COUNTERPART, seats.counterpartsFree(b.slot().counterparts()))
        .add(Action.GUARD, guards.put(b))
        .add(Action.UPCOMING, upcoming.count(BookingClaims.member(b), r.upcomingLimit()))
        .addEach(
            Action.CALENDAR,
            r.calendars().stream().map(c -> calendars.add(c, BookingClaims.calendar(b))).toList());
    if (r.checkStanding()) {
      tx.add(Action.STANDING, standings.notSuspended(BookingClaims.member(b), r.change().at()));
    }
    coupon.ifPresent(
        use ->
            tx.addEach(
                Action.COUPON,
                coupons.redeem(
                    b.slot().venueId(), use.code(), b.userId(), use.perMember(), r.change().at())));
    tx.add(
        records.auditBooking(
            b.bookingId(), b.version(), b.status().name(), BookingStatus.PAID.name(), r.change()));
  }
}
