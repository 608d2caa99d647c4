package fairslot.booking.app;

import fairslot.booking.app.BookingStore.ReleaseResult;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.kernel.Change;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.kernel.VenueTime;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * The customer's cancel: a hold is cancelled (or found expired), a paid booking is released within
 * its cancel tiers and refunded what the tier gives back; the seats return exactly once.
 */
final class BookingCancellation {
  /**
   * Re-reads after someone else's write moved the booking's status (a concurrent cancel, the sweep,
   * a payment): each such miss means another request succeeded, so the loop retries at once and
   * ends; faults and contention are retried below, by the SDK's policy.
   */
  private static final int MAX_ATTEMPTS = 6;

  private final MemberBookings members;
  private final WholeBooking whole;
  private final SeatReleases releases;
  private final RefundRequests refunds;
  private final Clock clock;

  BookingCancellation(
      MemberBookings members,
      BookingStore store,
      SeatReleases releases,
      RefundRequests refunds,
      Clock clock) {
    this.members = members;
    this.whole = new WholeBooking(store);
    this.releases = releases;
    this.refunds = refunds;
    this.clock = clock;
  }

  /**
   * The customer's cancel. PENDING_PAY becomes CANCELLED; PAID becomes REFUNDING (before {@code
   * start - cancelCutoff} only) and a refund is requested; the seats return exactly once.
   * Cancelling again returns the booking as it is. A hold past its deadline is expired instead.
   */
  public Outcome<Booking> cancel(String userId, String bookingId) {
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      Optional<Booking> found = members.find(userId, bookingId);
      if (found.isEmpty()) {
        return Outcome.refused(Refusal.NOT_FOUND, "no booking " + bookingId);
      }
      Booking booking = whole.actingLine(found.get());
      Instant now = clock.instant();
      BookingStatus target;
      switch (booking.status()) {
        case CANCELLED, EXPIRED, REFUNDING, REFUNDED, REFUND_FAILED -> {
          return Outcome.done(booking);
        }
        case PENDING_PAY ->
            target = booking.isOverdueHold(now) ? BookingStatus.EXPIRED : BookingStatus.CANCELLED;
        case PAID -> {
          // A booking of several slots refunds what its slots still hold (a slot the venue
          // cancelled alone was refunded its share then).
          Optional<Money> refund = booking.customerRefundAt(now, whole.held(booking));
          if (refund.isEmpty()) {
            // Past the last tier: the tiers are the booking's own copy, made when it was booked.
            Instant closed =
                booking
                    .slot()
                    .cancelTiers()
                    .closesAt(booking.slot().interval().start())
                    .orElseThrow();
            String at = VenueTime.show(closed, booking.slot().timeZone());
            return Outcome.refused(
                Refusal.CANCEL_WINDOW_CLOSED,
                "paid bookings can be cancelled until " + at,
                Map.of("closedAt", at));
          }
          if (booking.releasedFromPaid() == BookingStatus.CANCELLED) {
            target = BookingStatus.CANCELLED; // a pass's credits go back; free: nothing moves
          } else {
            booking = booking.refunding(refund.get());
            target = BookingStatus.REFUNDING;
          }
        }
        default -> {
          return Outcome.refused(
              Refusal.INVALID_TRANSITION, "a " + booking.status() + " booking cannot be cancelled");
        }
      }
      Change change =
          target == BookingStatus.EXPIRED
              ? Change.expiry(now, userId, "hold expired (found by a cancel)")
              : Change.by(userId, now, "cancelled by the customer");
      ReleaseResult result = releases.release(booking, target, change);
      if (result instanceof ReleaseResult.Released released) {
        if (target == BookingStatus.REFUNDING) {
          booking.paymentNo().ifPresent(refunds::attemptNow);
        }
        // the answer is the booking the member sees (its lead), whichever line carried the cancel
        return Outcome.done(
            booking.isOtherLine()
                ? members.find(userId, booking.leadId()).orElse(released.booking())
                : released.booking());
      }
      // NotInStatus: someone else moved it (a concurrent cancel, the sweep, a payment): look again.
    }
    return Outcome.refused(Refusal.THROTTLED, "the booking is busy; try again shortly");
  }
}
