package fairslot.booking.domain;

import java.util.EnumSet;
import java.util.Set;

/**
 * The booking status machine of the HTTP contract. A seat belongs to a booking exactly while the
 * booking is {@link #isActive() active}; it returns to the slot once, on the transition out.
 */
public enum BookingStatus {
  PENDING_PAY,
  PAID,
  CANCELLED,
  EXPIRED,
  REFUNDING,
  REFUNDED,
  REFUND_FAILED,
  COMPLETED,
  NO_SHOW;

  public Set<BookingStatus> next() {
    return switch (this) {
      case PENDING_PAY -> EnumSet.of(PAID, CANCELLED, EXPIRED);
      // PAID to CANCELLED: a booking paid with a pass, whose credits go back instead of money.
      case PAID -> EnumSet.of(REFUNDING, CANCELLED, COMPLETED, NO_SHOW);
      case REFUNDING -> EnumSet.of(REFUNDED, REFUND_FAILED);
      // Finance restarts a failed refund, or records it refunded offline (v1.1 "Finance").
      case REFUND_FAILED -> EnumSet.of(REFUNDING, REFUNDED);
      case CANCELLED, EXPIRED, REFUNDED, COMPLETED, NO_SHOW -> EnumSet.noneOf(BookingStatus.class);
    };
  }

  public boolean canMoveTo(BookingStatus target) {
    return next().contains(target);
  }

  /** Whether a booking in this status holds its seats. */
  public boolean isActive() {
    return this == PENDING_PAY || this == PAID || this == COMPLETED || this == NO_SHOW;
  }

  /**
   * Whether a booking in this status counts among its member's upcoming bookings at the venue (the
   * {@code maxUpcomingPerMember} rule): held or paid and not yet attended or missed.
   */
  public boolean isUpcoming() {
    return this == PENDING_PAY || this == PAID;
  }

  /** Whether the move from this status to {@code target} hands the seats back to the slot. */
  public boolean releasesSeatsMovingTo(BookingStatus target) {
    return canMoveTo(target) && isActive() && !target.isActive();
  }
}
