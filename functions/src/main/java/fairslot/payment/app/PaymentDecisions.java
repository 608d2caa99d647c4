package fairslot.payment.app;

import fairslot.booking.app.BookingStore;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.kernel.Change;
import fairslot.member.domain.MemberCalendar;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentStatus;
import java.time.Instant;
import java.util.List;
import java.util.OptionalInt;

/**
 * What a provider's outcome does to a booking's payment, by the state both are in now: the one
 * place that decides, so a notification, a query and a webhook of any provider decide alike.
 */
final class PaymentDecisions {
  private final BookingStore bookings;

  /**
   * The slot's policy as it is now: a revive is placed under the venue's limit and no-show rule.
   */
  private final CatalogStore catalog;

  PaymentDecisions(BookingStore bookings, CatalogStore catalog) {
    this.bookings = bookings;
    this.catalog = catalog;
  }

  Settlement decide(PaymentCallback event, Payment payment, Booking booking, Instant now) {
    String id = event.eventId();
    return switch (event.outcome()) {
      // A success after a failure took the money after all: applied if the booking can still
      // take it, else refunded; either way finance is told (Settlement.raises).
      case SUCCEEDED ->
          payment.status() == PaymentStatus.PENDING || payment.status() == PaymentStatus.FAILED
              ? onSuccess(id, payment, booking, now)
              : new Settlement.NoteOnly(
                  id,
                  payment,
                  Change.by("provider", now, "success for a " + payment.status() + " payment"));
      case FAILED ->
          switch (payment.status()) {
            case PENDING ->
                new Settlement.Failed(
                    id, payment, booking, Change.by("provider", now, "charge failed"));
            case SUCCEEDED ->
                new Settlement.Unapplied(
                    id,
                    payment,
                    booking,
                    Change.by("provider", now, "failure reported for a SUCCEEDED payment"));
            default ->
                new Settlement.NoteOnly(
                    id,
                    payment,
                    Change.by("provider", now, "failure for a " + payment.status() + " payment"));
          };
      case REFUNDED, REFUND_FAILED, REFUND_ABNORMAL ->
          decideRefund(event, payment, new Settlement.Subject.OfBooking(booking), now);
    };
  }

  /**
   * What a refund's outcome does to the refund {@code payment} (a payment's own, or a part) of a
   * booking or a pass: the same for both, since only the booking's move differs (in the store).
   */
  Settlement decideRefund(
      PaymentCallback event, Payment payment, Settlement.Subject subject, Instant now) {
    String id = event.eventId();
    return switch (event.outcome()) {
      case REFUNDED ->
          switch (payment.status()) {
            case REFUNDING ->
                new Settlement.Refunded(
                    id, payment, subject, Change.by("provider", now, "refunded"));
            case REFUNDED ->
                new Settlement.NoteOnly(
                    id, payment, Change.by("provider", now, "refund for a REFUNDED payment"));
            default ->
                new Settlement.Unapplied(
                    id,
                    payment,
                    subject,
                    Change.by(
                        "provider", now, "refund reported for a " + payment.status() + " payment"));
          };
      // Nothing more to ask the provider: the refund goes to finance at once.
      case REFUND_ABNORMAL ->
          payment.status() == PaymentStatus.REFUNDING
              ? new Settlement.RefundGivenUp(
                  id,
                  payment,
                  subject,
                  Change.by("provider", now, "the provider could not pay the refund back"),
                  true)
              : new Settlement.NoteOnly(
                  id, payment, Change.by("provider", now, "refund abnormal, not refunding"));
      default -> new Settlement.NoteOnly(id, payment, Change.by("provider", now, "refund failed"));
    };
  }

  /** A success for a PENDING payment: settle, revive, or refund, by what the booking is now. */
  private Settlement onSuccess(String id, Payment payment, Booking booking, Instant now) {
    boolean thisPaymentsBooking = booking.paymentNo().map(payment.paymentNo()::equals).orElse(true);
    if (booking.status() == BookingStatus.PENDING_PAY && thisPaymentsBooking) {
      // Even a hold past its deadline still has its seat until the sweep returns it.
      return new Settlement.MarkPaid(
          id, payment, booking, Change.by("provider", now, "payment succeeded"));
    }
    // A booking of several slots paid late is refunded: its slots are not taken back one by one.
    if (booking.status() == BookingStatus.EXPIRED
        && thisPaymentsBooking
        && booking.group().isEmpty()) {
      List<MemberCalendar> days = bookings.calendars(booking.userId(), booking.calendarDays());
      boolean clash =
          days.stream().anyMatch(d -> d.clashWith(booking.slot().interval()).isPresent());
      if (!clash) {
        // The venue's rules as they are now (the booking's copy of its slot keeps no policy).
        var policy = catalog.findSlot(booking.slotId()).map(Slot::policy);
        return new Settlement.Revive(
            id,
            payment,
            booking,
            days,
            Change.by("provider", now, "paid after the hold expired; a seat was free"),
            policy.map(VenuePolicy::maxUpcomingPerMember).orElse(OptionalInt.empty()),
            policy.map(p -> p.noShowPolicy().isPresent()).orElse(false));
      }
    }
    return new Settlement.RefundLate(
        id,
        payment,
        booking,
        Change.by("provider", now, "paid for a " + booking.status() + " booking: refund"));
  }
}
