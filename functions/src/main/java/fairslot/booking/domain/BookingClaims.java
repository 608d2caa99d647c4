package fairslot.booking.domain;

import fairslot.catalog.domain.SeatTake;
import fairslot.coupon.domain.CouponUse;
import fairslot.kernel.Money;
import fairslot.member.domain.CalendarEntry;
import fairslot.member.domain.VenueMember;
import fairslot.pass.domain.CreditUse;
import fairslot.pass.domain.PassUse;
import java.util.Optional;

/**
 * A booking's claims on other features' items, as the values their builders take: the slot's seats,
 * the pass's credits, the member's counter and calendar entry.
 */
public final class BookingClaims {
  private BookingClaims() {}

  /** The pass credits {@code b} is paid with (only for a booking paid with a pass). */
  public static CreditUse credits(Booking b) {
    PassUse use = b.pass().orElseThrow();
    return new CreditUse(
        b.userId(), use.passId(), use.credits(), b.slot().venueId(), b.slot().interval().start());
  }

  /** The price of one seat {@code b} was priced at (its amount is price x quantity). */
  public static Money unitPrice(Booking b) {
    // the slot's price, before a coupon took its part off what the member pays
    Money price = b.coupon().map(CouponUse::base).orElse(b.amount());
    return new Money(price.minor() / b.quantity(), price.currency());
  }

  /** The take of {@code b}'s seats, as the slot's counter write conditions it. */
  public static SeatTake seats(Booking b) {
    return new SeatTake(
        b.slotId(),
        b.bookingId(),
        b.quantity(),
        b.slot().counterparts(),
        b.slot().policyRev(),
        b.pass().isEmpty() ? Optional.of(unitPrice(b)) : Optional.empty());
  }

  /** The member at the slot's venue, whose counters and standing {@code b} counts under. */
  public static VenueMember member(Booking b) {
    return new VenueMember(b.userId(), b.slot().venueId());
  }

  /** {@code b} as its member's calendar holds it. */
  public static CalendarEntry calendar(Booking b) {
    return new CalendarEntry(b.userId(), b.bookingId(), b.slot().interval(), b.calendarDays());
  }
}
