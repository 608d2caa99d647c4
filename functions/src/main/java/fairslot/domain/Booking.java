package fairslot.domain;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.time.ZoneId;
import java.util.Optional;

/** A member's claim on seats of a slot. Carries a copy of the slot facts it was sold under. */
public record Booking(
    String bookingId,
    String slotId,
    String userId,
    int quantity,
    BookingStatus status,
    Money amount,
    Optional<Instant> holdExpiresAt,
    Instant createdAt,
    Interval slotInterval,
    int slotCapacity,
    String venueId,
    String resourceId,
    ResourceKind kind,
    ZoneId timeZone) {

  public Booking {
    if (quantity < 1) {
      throw new IllegalArgumentException("quantity must be at least 1");
    }
  }

  /**
   * The status a reader should see at {@code now}: a hold past its deadline is EXPIRED even
   * before the sweep has written that down (the sweep's conditional write makes it so).
   */
  public BookingStatus statusAt(Instant now) {
    if (status == BookingStatus.PENDING_PAY && holdExpiresAt.map(d -> !now.isBefore(d)).orElse(false)) {
      return BookingStatus.EXPIRED;
    }
    return status;
  }

  public Booking withStatus(BookingStatus next) {
    return new Booking(bookingId, slotId, userId, quantity, next, amount,
        next == BookingStatus.PENDING_PAY ? holdExpiresAt : Optional.empty(),
        createdAt, slotInterval, slotCapacity, venueId, resourceId, kind, timeZone);
  }

  /** The UTC days of the member's calendar this booking occupies (none for rentals). */
  public List<LocalDate> calendarDays() {
    return kind.occupiesTheMember() ? slotInterval.utcDays() : List.of();
  }
}
