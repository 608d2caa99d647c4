package fairslot.staff.app;

import fairslot.booking.app.BookingStore;
import fairslot.booking.app.BookingStore.MoveResult;
import fairslot.booking.app.BookingStore.ReleaseResult;
import fairslot.booking.app.SeatReleases;
import fairslot.booking.app.WholeBooking;
import fairslot.booking.domain.AuditSubject;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.kernel.AuditEntry;
import fairslot.kernel.Change;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.RefundPartPlan;
import fairslot.payment.app.PaymentProviders;
import fairslot.payment.app.PaymentStore;
import fairslot.payment.app.PaymentStore.SettleResult;
import fairslot.payment.app.Refunds;
import fairslot.payment.app.Settlement;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The desk's actions on a booking. Each is one conditional transition; repeating one returns the
 * booking.
 */
public final class StaffService {
  private static final int ROUNDS = 5;

  private final BookingStore bookings;
  private final WholeBooking whole;
  private final PaymentStore payments;
  private final SeatReleases releases;
  private final Refunds refunds;
  private final Clock clock;
  private final IdGenerator ids;

  public StaffService(
      BookingStore bookings,
      PaymentStore payments,
      SeatReleases releases,
      Refunds refunds,
      Clock clock,
      IdGenerator ids) {
    this.bookings = bookings;
    this.whole = new WholeBooking(bookings);
    this.payments = payments;
    this.releases = releases;
    this.refunds = refunds;
    this.clock = clock;
    this.ids = ids;
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
          MoveResult r =
              bookings.move(
                  b, BookingStatus.COMPLETED, Change.by(staff, clock.instant(), "checked in"));
          return r instanceof MoveResult.Moved moved
              ? Optional.of(Outcome.done(moved.booking()))
              : Optional.empty();
        });
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

  /** PAID → REFUNDING at any time (staff override the customer's cut-off): all that is left. */
  public Outcome<Booking> refund(String staff, String bookingId) {
    return refund(staff, bookingId, Optional.empty(), Optional.empty());
  }

  /**
   * A refund by staff (v1.3): without an amount, or of all the payment still holds, PAID →
   * REFUNDING and what is left is refunded; with less, the booking stays PAID, keeps that much less
   * and the part is refunded beside it, as many times as the payment holds money. More than it
   * holds is 422 {@code refund_exceeds_payment}.
   */
  public Outcome<Booking> refund(
      String staff, String bookingId, Optional<Long> amountMinor, Optional<String> reason) {
    String why = "refunded by staff" + reason.map(r -> ": " + r).orElse("");
    return onBooking(
        bookingId,
        id -> bookings.findLead(id).map(whole::actingLine),
        b -> {
          if (amountMinor.isEmpty()
              && (b.status() == BookingStatus.REFUNDING || b.status() == BookingStatus.REFUNDED)) {
            return Optional.of(Outcome.done(b));
          }
          if (b.status() != BookingStatus.PAID) {
            return Optional.of(
                Outcome.refused(
                    Refusal.INVALID_TRANSITION,
                    "only a PAID booking can be refunded, not " + b.status()));
          }
          PartStep step =
              amountMinor.isPresent()
                  ? part(staff, b, amountMinor.get(), why)
                  : new PartStep.Whole();
          if (step instanceof PartStep.Answered answered) {
            return Optional.of(answered.outcome());
          }
          if (step instanceof PartStep.Moved) {
            return Optional.empty();
          }
          // A pass booking gets its credits back instead of money; a free one has nothing back.
          // A booking of several slots: what its slots still hold, refunded in full.
          BookingStatus to = b.releasedFromPaid();
          Booking owed = to == BookingStatus.REFUNDING ? b.refunding(whole.held(b)) : b;
          ReleaseResult r = releases.release(owed, to, Change.by(staff, clock.instant(), why));
          if (!(r instanceof ReleaseResult.Released released)) {
            return Optional.empty();
          }
          b.paymentNo().ifPresent(refunds::attemptNow);
          return Optional.of(Outcome.done(bookings.findLead(bookingId).orElse(released.booking())));
        });
  }

  /** What a refund of part of the price came to. */
  private sealed interface PartStep {
    /** Refused, or the part made: the answer. */
    record Answered(Outcome<Booking> outcome) implements PartStep {}

    /** The booking or its payment moved since they were read: read again. */
    record Moved() implements PartStep {}

    /** The amount is all that is left: the whole refund follows. */
    record Whole() implements PartStep {}
  }

  /** A refund of {@code amount} of PAID {@code b}. */
  private PartStep part(String staff, Booking b, long amount, String why) {
    if (b.pass().isPresent() || b.paymentNo().isEmpty() || b.group().isPresent()) {
      return new PartStep.Answered(
          Outcome.refused(
              b.group().isPresent() ? Refusal.SEVERAL_SLOTS : Refusal.INVALID_TRANSITION,
              b.group().isPresent()
                  ? "a booking of several slots is refunded whole, or a slot by cancelling it"
                  : "a booking paid with a pass, or free, has no money to refund in part"));
    }
    long left =
        Math.min(
            b.amount().minor(),
            refunds.refundable(b.paymentNo().get()).map(Money::minor).orElse(0L));
    if (amount > left) {
      return new PartStep.Answered(
          Outcome.refused(
              Refusal.REFUND_EXCEEDS_PAYMENT,
              "the payment holds " + left + " to refund",
              Map.of("refundableMinor", left)));
    }
    if (amount == left) {
      return new PartStep.Whole();
    }
    Money back = new Money(amount, b.amount().currency());
    Instant now = clock.instant();
    Optional<RefundPartPlan> plan = refunds.partOf(b.paymentNo().get(), back, now);
    Booking after =
        b.movedTo(b.slot(), new Money(b.amount().minor() - amount, b.amount().currency()))
            .withMoneyBack(b.moneyBack().plusPart(back));
    if (plan.isEmpty() || !bookings.refundPart(b, after, plan.get(), Change.by(staff, now, why))) {
      return new PartStep.Moved();
    }
    refunds.attemptNow(plan.get().part());
    return new PartStep.Answered(Outcome.done(after));
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
    for (int round = 0; round < ROUNDS; round++) {
      Optional<Booking> found = find.apply(bookingId);
      if (found.isEmpty()) {
        return Outcome.refused(Refusal.NOT_FOUND, "no booking " + bookingId);
      }
      Optional<Outcome<Booking>> decided = step.apply(found.get());
      if (decided.isPresent()) {
        return decided.get();
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the booking is busy; try again");
  }

  /** A page of the audit trail of a booking, slot, venue or resource, oldest first. */
  public Page<AuditEntry> audit(AuditSubject subject, String id, PageRequest page) {
    return bookings.audit(subject, id, page);
  }
}
