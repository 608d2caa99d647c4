package fairslot.app;

import fairslot.app.BookingStore.MoveResult;
import fairslot.app.BookingStore.ReleaseResult;
import fairslot.app.PaymentStore.SettleResult;
import fairslot.app.PaymentStore.Settlement;
import fairslot.domain.AuditEntry;
import fairslot.domain.Booking;
import fairslot.domain.BookingStatus;
import fairslot.domain.Outcome;
import fairslot.domain.Payment;
import fairslot.domain.PaymentStatus;
import fairslot.domain.Refusal;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The desk's actions on a booking. Each is one conditional transition; repeating one returns the booking. */
public final class StaffService {
  private static final int ROUNDS = 5;

  private final BookingStore bookings;
  private final PaymentStore payments;
  private final SeatReleases releases;
  private final Refunds refunds;
  private final Clock clock;
  private final IdGenerator ids;

  public StaffService(BookingStore bookings, PaymentStore payments, SeatReleases releases, Refunds refunds,
      Clock clock, IdGenerator ids) {
    this.bookings = bookings;
    this.payments = payments;
    this.releases = releases;
    this.refunds = refunds;
    this.clock = clock;
    this.ids = ids;
  }

  /** PAID → COMPLETED. */
  public Outcome<Booking> checkIn(String staff, String bookingId) {
    for (int round = 0; round < ROUNDS; round++) {
      Optional<Booking> found = bookings.findBooking(bookingId);
      if (found.isEmpty()) {
        return Outcome.refused(Refusal.NOT_FOUND, "no booking " + bookingId);
      }
      Booking b = found.get();
      if (b.status() == BookingStatus.COMPLETED) {
        return Outcome.done(b);
      }
      if (b.status() != BookingStatus.PAID) {
        return Outcome.refused(Refusal.INVALID_TRANSITION, "only a PAID booking can be checked in, not " + b.status());
      }
      MoveResult r = bookings.move(b, BookingStatus.COMPLETED, Change.by(staff, clock.instant(), "checked in"));
      if (r instanceof MoveResult.Moved moved) {
        return Outcome.done(moved.booking());
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the booking is busy; try again");
  }

  /** PENDING_PAY → PAID with an offline payment taken at the desk. */
  public Outcome<Booking> offlinePayment(String staff, String bookingId) {
    for (int round = 0; round < ROUNDS; round++) {
      Optional<Booking> found = bookings.findBooking(bookingId);
      if (found.isEmpty()) {
        return Outcome.refused(Refusal.NOT_FOUND, "no booking " + bookingId);
      }
      Booking b = found.get();
      Instant now = clock.instant();
      if (b.status() == BookingStatus.PAID) {
        return Outcome.done(b);
      }
      if (b.status() == BookingStatus.EXPIRED) {
        return Outcome.refused(Refusal.HOLD_EXPIRED, "the hold expired; book again");
      }
      if (b.status() != BookingStatus.PENDING_PAY) {
        return Outcome.refused(Refusal.INVALID_TRANSITION, "a " + b.status() + " booking cannot be paid");
      }
      Payment payment = new Payment(ids.newId(), b.bookingId(), b.userId(), b.amount(), PaymentProviders.OFFLINE,
          PaymentStatus.SUCCEEDED, 0, now);
      SettleResult r = payments.settle(new Settlement.PaidOffline("offline:" + payment.paymentNo(), payment, b,
          Change.by(staff, now, "paid at the desk")));
      if (r instanceof SettleResult.Applied) {
        return Outcome.done(b.withStatus(BookingStatus.PAID).withPayment(payment.paymentNo()));
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the booking is busy; try again");
  }

  /** PAID → REFUNDING at any time (staff override the customer's cut-off), and the refund starts. */
  public Outcome<Booking> refund(String staff, String bookingId) {
    for (int round = 0; round < ROUNDS; round++) {
      Optional<Booking> found = bookings.findBooking(bookingId);
      if (found.isEmpty()) {
        return Outcome.refused(Refusal.NOT_FOUND, "no booking " + bookingId);
      }
      Booking b = found.get();
      if (b.status() == BookingStatus.REFUNDING || b.status() == BookingStatus.REFUNDED) {
        return Outcome.done(b);
      }
      if (b.status() != BookingStatus.PAID) {
        return Outcome.refused(Refusal.INVALID_TRANSITION, "only a PAID booking can be refunded, not " + b.status());
      }
      ReleaseResult r = releases.release(b, BookingStatus.REFUNDING, Change.by(staff, clock.instant(), "refunded by staff"));
      if (r instanceof ReleaseResult.Released released) {
        b.paymentNo().ifPresent(refunds::attemptNow);
        return Outcome.done(bookings.findBooking(bookingId).orElse(released.booking()));
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the booking is busy; try again");
  }

  public Optional<Booking> booking(String bookingId) {
    return bookings.findBooking(bookingId);
  }

  public List<AuditEntry> auditOfBooking(String bookingId) {
    return bookings.auditOfBooking(bookingId);
  }

  public List<AuditEntry> auditOfSlot(String slotId) {
    return bookings.auditOfSlot(slotId);
  }
}
