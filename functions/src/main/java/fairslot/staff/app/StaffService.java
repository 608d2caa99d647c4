package fairslot.staff.app;

import fairslot.booking.app.BookingStore;
import fairslot.booking.app.BookingStore.MoveResult;
import fairslot.booking.app.SeatReleases;
import fairslot.booking.app.WholeBooking;
import fairslot.booking.domain.AuditSubject;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.idempotency.app.StoredResponse;
import fairslot.kernel.AuditEntry;
import fairslot.kernel.Change;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.IdempotentRequest;
import fairslot.kernel.Outcome;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentStatus;
import fairslot.payment.app.PaymentProviders;
import fairslot.payment.app.PaymentStore;
import fairslot.payment.app.PaymentStore.SettleResult;
import fairslot.payment.app.Refunds;
import fairslot.payment.app.Settlement;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The desk's actions on a booking. Each is one conditional transition; repeating one returns the
 * booking.
 */
public final class StaffService {
  private final BookingStore bookings;
  private final WholeBooking whole;
  private final PaymentStore payments;
  private final SeatReleases releases;
  private final Refunds refunds;
  private final Clock clock;
  private final IdGenerator ids;
  private final DeskRefunds refunding;
  private final CatalogStore catalog;

  public StaffService(
      BookingStore bookings,
      PaymentStore payments,
      SeatReleases releases,
      Refunds refunds,
      Clock clock,
      IdGenerator ids,
      CatalogStore catalog) {
    this.catalog = catalog;
    this.bookings = bookings;
    this.whole = new WholeBooking(bookings);
    this.payments = payments;
    this.releases = releases;
    this.refunds = refunds;
    this.clock = clock;
    this.ids = ids;
    this.refunding = new DeskRefunds(bookings, releases, refunds, clock);
  }

  /** PAID → COMPLETED. */
  public Outcome<Booking> checkIn(String staff, String bookingId) {
    return checkIn(staff, bookingId, Optional.empty());
  }

  /**
   * A check-in by a QR ticket: the ticket's member and slot must still be the booking's, so the
   * ticket of a booking since given away or moved to another time checks nothing in.
   */
  public Outcome<Booking> checkInByTicket(
      String staff, String bookingId, String userId, String slotId) {
    return checkIn(staff, bookingId, Optional.of(new TicketHolder(userId, slotId)));
  }

  private record TicketHolder(String userId, String slotId) {}

  private Outcome<Booking> checkIn(String staff, String bookingId, Optional<TicketHolder> ticket) {
    // One slot is checked in: a line of a booking of several slots by its own id (its ticket's).
    return onBooking(
        bookingId,
        bookings::findBooking,
        b -> {
          if (ticket.isPresent()
              && !(ticket.get().userId().equals(b.userId())
                  && ticket.get().slotId().equals(b.slotId()))) {
            return Optional.of(
                Outcome.refused(
                    Refusal.INVALID_TICKET,
                    "the booking has changed hands or time since this ticket was issued;"
                        + " ask for its current ticket"));
          }
          if (b.status() == BookingStatus.COMPLETED) {
            return Optional.of(Outcome.done(b));
          }
          if (b.status() != BookingStatus.PAID) {
            return Optional.of(
                Outcome.refused(
                    Refusal.INVALID_TRANSITION,
                    "only a PAID booking can be checked in, not " + b.status(),
                    Map.of("status", b.status().name())));
          }
          Optional<Outcome<Booking>> closed = outsideWindow(b, clock.instant());
          if (closed.isPresent()) {
            return closed;
          }
          MoveResult r =
              bookings.move(
                  b, BookingStatus.COMPLETED, Change.by(staff, clock.instant(), "checked in"));
          return r instanceof MoveResult.Moved moved
              ? Optional.of(Outcome.done(moved.booking()))
              : Optional.empty();
        });
  }

  /**
   * A check-in outside the venue's check-in window (v1.3): refused, with when it opens and closes
   * in the venue's time. The move itself holds only while the booking is PAID, so a release at the
   * window's close and a check-in at its last moment never both land.
   */
  private Optional<Outcome<Booking>> outsideWindow(Booking b, Instant now) {
    Optional<VenuePolicy.CheckIn> window =
        catalog.findVenue(b.slot().venueId()).flatMap(v -> v.policy().checkIn());
    if (window.isEmpty()) {
      return Optional.empty();
    }
    Instant start = b.slot().interval().start();
    Instant opens = start.minus(window.get().opensBefore());
    Instant closes = start.plus(window.get().closesAfter());
    if (!now.isBefore(opens) && !now.isAfter(closes)) {
      return Optional.empty();
    }
    ZoneId zone = b.slot().timeZone();
    return Optional.of(
        Outcome.refused(
            Refusal.CHECK_IN_WINDOW_CLOSED,
            now.isBefore(opens) ? "check-in has not opened yet" : "check-in has closed",
            Map.of(
                "opensAt", opens.atZone(zone).toOffsetDateTime().toString(),
                "closesAt", closes.atZone(zone).toOffsetDateTime().toString())));
  }

  /** Every line of {@code b}, lead first ({@code b} alone for a booking of one slot). */
  public List<Booking> lines(Booking b) {
    return whole.lines(b);
  }

  /** PENDING_PAY → PAID with an offline payment taken at the desk. */
  public Outcome<Booking> offlinePayment(String staff, String bookingId) {
    return onBooking(
        bookingId,
        b -> {
          if (b.status() == BookingStatus.PAID) {
            return Optional.of(Outcome.done(b));
          }
          if (b.status() == BookingStatus.EXPIRED) {
            return Optional.of(
                Outcome.refused(Refusal.HOLD_EXPIRED, "the hold expired; book again"));
          }
          if (b.status() != BookingStatus.PENDING_PAY) {
            return Optional.of(
                Outcome.refused(
                    Refusal.INVALID_TRANSITION, "a " + b.status() + " booking cannot be paid"));
          }
          Instant now = clock.instant();
          Payment payment =
              new Payment(
                  ids.newId(),
                  b.bookingId(),
                  b.userId(),
                  b.total(),
                  PaymentProviders.OFFLINE,
                  PaymentStatus.SUCCEEDED,
                  0,
                  now);
          SettleResult r =
              payments.settle(
                  new Settlement.PaidOffline(
                      "offline:" + payment.paymentNo(),
                      payment,
                      b,
                      Change.by(staff, now, "paid at the desk")));
          return r instanceof SettleResult.Applied
              ? Optional.of(
                  Outcome.done(b.withStatus(BookingStatus.PAID).withPayment(payment.paymentNo())))
              : Optional.empty();
        });
  }

  /**
   * Reads the booking and lets {@code step} decide and make its one conditional write. An empty
   * result means the write's condition missed (someone moved the booking): read again and decide
   * again.
   */
  private Outcome<Booking> onBooking(
      String bookingId, Function<Booking, Optional<Outcome<Booking>>> step) {
    return onBooking(bookingId, bookings::findLead, step);
  }

  /** As above, the booking found by {@code find} (the booking the member sees, or one line). */
  private Outcome<Booking> onBooking(
      String bookingId,
      Function<String, Optional<Booking>> find,
      Function<Booking, Optional<Outcome<Booking>>> step) {
    return BookingRounds.onBooking(bookingId, find, step);
  }

  /** PAID → REFUNDING at any time (staff override the customer's cut-off): all that is left. */
  public Outcome<Booking> refund(String staff, String bookingId) {
    return refunding.refund(
        staff, bookingId, Optional.empty(), Optional.empty(), Optional.empty(), b -> null);
  }

  /** A refund by staff with no Idempotency-Key. */
  public Outcome<Booking> refund(
      String staff, String bookingId, Optional<Long> amountMinor, Optional<String> reason) {
    return refunding.refund(staff, bookingId, amountMinor, reason, Optional.empty(), b -> null);
  }

  /** A refund by staff, all or part (v1.3): see {@link DeskRefunds}. */
  public Outcome<Booking> refund(
      String staff,
      String bookingId,
      Optional<Long> amountMinor,
      Optional<String> reason,
      Optional<IdempotentRequest> key,
      Function<Booking, StoredResponse> answer) {
    return refunding.refund(staff, bookingId, amountMinor, reason, key, answer);
  }

  /** A page of the audit trail of a booking, slot, venue or resource, oldest first. */
  public Page<AuditEntry> audit(AuditSubject subject, String id, PageRequest page) {
    return bookings.audit(subject, id, page);
  }
}
