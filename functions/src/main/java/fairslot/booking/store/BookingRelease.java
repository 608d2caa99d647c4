package fairslot.booking.store;

import static fairslot.table.Attr.n;

import fairslot.booking.app.BookingStore.ReleaseResult;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.domain.SeatReleased;
import fairslot.catalog.store.SeatCause;
import fairslot.catalog.store.SeatWrites;
import fairslot.kernel.Change;
import fairslot.kernel.Unavailable;
import fairslot.member.store.CalendarWrites;
import fairslot.member.store.UpcomingWrites;
import fairslot.notification.store.NoticeWrites;
import fairslot.pass.store.PassWrites;
import fairslot.payment.domain.PaymentStatus;
import fairslot.payment.store.PaymentWrites;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A booking's seats handed back, in one transaction: the booking moves, its seats return to the
 * slot (to the waitlist first while people wait), its guard, upcoming count, calendar days and pass
 * credits are undone, and a paid booking's refund is requested. The slot's waitlist may change
 * under it, so the seat return is tried again with what the cancellation showed. The store's {@code
 * release}; its own file so each stays one job.
 */
final class BookingRelease {

  /** The named actions of a release: a cancellation is read by these. */
  private enum Action {
    BOOKING,
    CALENDAR,
    CREDITS,
    GUARD,
    REFUND,
    SEATS,
    UPCOMING
  }

  private final DynamoDbClient dynamo;
  private final BookingWrites bookingWrites;
  private final CalendarWrites calendars;
  private final GuardWrites guards;
  private final PassWrites credits;
  private final UpcomingWrites upcoming;
  private final SeatWrites seats;
  private final PaymentWrites payments;
  private final RecordParts records;
  private final NoticeWrites notices;

  BookingRelease(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.bookingWrites = new BookingWrites(table);
    this.calendars = new CalendarWrites(table);
    this.guards = new GuardWrites(table);
    this.credits = new PassWrites(table);
    this.upcoming = new UpcomingWrites(table);
    this.seats = new SeatWrites(table);
    this.payments = new PaymentWrites(table);
    this.records = new RecordParts(table);
    this.notices = new NoticeWrites(table);
  }

  ReleaseResult release(
      Booking b,
      BookingStatus to,
      Change change,
      Optional<fairslot.notification.domain.Notification> notice) {
    if (!b.status().releasesSeatsMovingTo(to)) {
      throw new IllegalArgumentException(b.status() + " -> " + to + " does not release seats");
    }
    SeatWrites.SeatReturn how = new SeatWrites.SeatReturn(b.slot().capacity(), false);
    for (int branch = 0; branch < 4; branch++) {
      Attempt attempt = tryRelease(b, to, change, how, notice);
      if (attempt.done().isPresent()) {
        return attempt.done().get();
      }
      how = attempt.retryWith(); // the slot's waitlist or capacity changed under us
    }
    throw new Unavailable("the waitlist of slot " + b.slot().slotId() + " kept changing", null);
  }

  /** A release's outcome, or the seat return to try next. */
  private record Attempt(Optional<ReleaseResult> done, SeatWrites.SeatReturn retryWith) {}

  private Attempt tryRelease(
      Booking b,
      BookingStatus to,
      Change change,
      SeatWrites.SeatReturn how,
      Optional<fairslot.notification.domain.Notification> notice) {
    Transaction<Action> tx = releaseActions(b, to, change, how, notice);
    Optional<Transaction.Cancelled<Action>> cancelled = tx.commit(dynamo);
    if (cancelled.isEmpty()) {
      // One release per booking ever, so the booking id names the event for consumers' dedupe.
      return new Attempt(
          Optional.of(
              new ReleaseResult.Released(
                  (to == BookingStatus.REFUNDING ? b.refunding(b.owedBack()) : b).withStatus(to),
                  new SeatReleased(
                      "release:" + b.bookingId(),
                      b.slotId(),
                      b.quantity(),
                      SeatReleased.reasonFor(to)))),
          how);
    }
    Transaction.Cancelled<Action> reasons = cancelled.get();
    if (reasons.failed(Action.BOOKING)) {
      return new Attempt(
          Optional.of(
              new ReleaseResult.NotInStatus(
                  reasons.oldItem(Action.BOOKING).map(BookingItemMapper::fromItem).orElseThrow())),
          how);
    }
    Optional<SeatWrites.SeatReturn> retry =
        reasons.failed(Action.SEATS)
            ? reasons
                .oldItem(Action.SEATS)
                .flatMap(slot -> SeatWrites.retryFor(slot, b.quantity(), how))
            : Optional.empty();
    if (retry.isPresent()) {
      return new Attempt(Optional.empty(), retry.get());
    }
    // The seat cap, a calendar or the payment refused: the books are off. Never paper over that.
    throw new IllegalStateException(
        "release of "
            + b.bookingId()
            + " refused: "
            + reasons
            + (reasons.failed(Action.SEATS) ? " (slot would exceed capacity)" : ""));
  }

  /**
   * The release's actions: "booking" moves, "seats" go back (to the waitlist first when {@code
   * toWaitlist}), the guard and calendar entries go, and a paid booking's refund starts.
   */
  Transaction<Action> releaseActions(
      Booking b,
      BookingStatus to,
      Change change,
      SeatWrites.SeatReturn how,
      Optional<fairslot.notification.domain.Notification> notice) {
    // A refund's amount is written on the booking and its payment in the move that owes it.
    boolean refunding = to == BookingStatus.REFUNDING;
    Transaction<Action> tx =
        new Transaction<Action>()
            .add(
                Action.BOOKING,
                bookingWrites.move(
                    b,
                    to,
                    change,
                    refunding ? "refundMinor = :refund" : "",
                    "",
                    refunding ? Map.of(":refund", n(b.owedBack().minor())) : Map.of()))
            .add(
                Action.SEATS,
                seats.returnSeats(
                    b.slotId(), b.quantity(), how, change, SeatCause.booking(b.bookingId())))
            .add(Action.GUARD, guards.delete(b))
            .add(Action.UPCOMING, upcoming.uncount(b))
            .addEach(
                Action.CALENDAR,
                b.calendarDays().stream().map(day -> calendars.remove(b, day)).toList())
            .add(records.auditBooking(b, b.status().name(), to.name(), change));
    if (to == BookingStatus.REFUNDING) {
      String paymentNo =
          b.paymentNo()
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "PAID booking " + b.bookingId() + " has no payment to refund"));
      tx.add(
              Action.REFUND,
              payments.requestRefund(
                  paymentNo, PaymentStatus.SUCCEEDED.name(), change.at(), b.owedBack()))
          .add(
              records.auditPayment(
                  paymentNo,
                  PaymentStatus.SUCCEEDED.name(),
                  PaymentStatus.REFUNDING.name(),
                  change));
    }
    if (b.pass().isPresent()) {
      if (to == BookingStatus.REFUNDING) {
        throw new IllegalArgumentException("a pass booking is cancelled, not refunded");
      }
      tx.add(Action.CREDITS, credits.settleCredits(b, "creditsLeft")); // the credits go back, once
    }
    notice.ifPresent(n -> tx.add(notices.notify(n, change.at())));
    return tx;
  }
}
