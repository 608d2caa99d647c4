package fairslot.domain;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

/**
 * A member's claim on seats of a slot. {@code version} counts the booking's transitions (1 when
 * placed); it orders the audit trail when several transitions share a millisecond.
 */
public record Booking(
    String bookingId,
    String userId,
    int quantity,
    BookingStatus status,
    Money amount,
    Optional<Instant> holdExpiresAt,
    Instant createdAt,
    Optional<String> paymentNo,
    BookedSlot slot,
    long version) {

  public Booking {
    if (quantity < 1) {
      throw new IllegalArgumentException("quantity must be at least 1");
    }
  }

  public String slotId() {
    return slot.slotId();
  }

  /**
   * The status a reader should see at {@code now}: a hold past its deadline is EXPIRED even before
   * the sweep has written that down (the sweep's conditional write makes it so).
   */
  public BookingStatus statusAt(Instant now) {
    return isOverdueHold(now) ? BookingStatus.EXPIRED : status;
  }

  public boolean isOverdueHold(Instant now) {
    return status == BookingStatus.PENDING_PAY
        && holdExpiresAt.map(d -> !now.isBefore(d)).orElse(false);
  }

  /**
   * Whether a customer may still cancel a PAID booking at {@code now}: before start - cancelCutoff.
   */
  public boolean refundableByCustomerAt(Instant now) {
    return now.isBefore(slot.interval().start().minus(slot.cancelCutoff()));
  }

  /** The UTC days of the member's calendar this booking occupies (none for rentals). */
  public List<LocalDate> calendarDays() {
    return slot.kind().occupiesTheMember() ? slot.interval().utcDays() : List.of();
  }

  public Booking withStatus(BookingStatus next) {
    return new Booking(
        bookingId,
        userId,
        quantity,
        next,
        amount,
        next == BookingStatus.PENDING_PAY ? holdExpiresAt : Optional.empty(),
        createdAt,
        paymentNo,
        slot,
        version + 1);
  }

  public Booking withPayment(String paymentNo) {
    return new Booking(
        bookingId,
        userId,
        quantity,
        status,
        amount,
        holdExpiresAt,
        createdAt,
        Optional.of(paymentNo),
        slot,
        version);
  }
}
