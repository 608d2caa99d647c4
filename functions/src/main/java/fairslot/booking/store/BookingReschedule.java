package fairslot.booking.store;

import fairslot.booking.app.BookingStore.PlaceResult;
import fairslot.booking.app.Reschedule;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingClaims;
import fairslot.catalog.app.SeatReleased;
import fairslot.catalog.store.SeatCause;
import fairslot.catalog.store.SeatWrites;
import fairslot.kernel.Change;
import fairslot.kernel.Unavailable;
import fairslot.member.domain.MemberCalendar;
import fairslot.member.store.CalendarItemMapper;
import fairslot.member.store.CalendarWrites;
import fairslot.money.store.PaymentWrites;
import fairslot.money.store.RefundPartActions;
import fairslot.pass.store.PassWrites;
import fairslot.table.Attr;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A booking moved to another slot, in one transaction: the new slot's seats taken as a new sale
 * takes them, the old slot's returned (to its waitlist first while people wait), the booking item
 * written for its new slot, the member guard and calendar days moved. Never both held, never
 * neither. The old slot's waitlist may change under it, so the return is tried again with what the
 * cancellation showed, as a release does. The store's {@code reschedule}.
 */
final class BookingReschedule {

  /** The named actions of a reschedule: a cancellation is read by these. */
  private enum Action {
    BOOKING,
    COUNTERPART,
    NEW_SEATS,
    OLD_SEATS,
    OLD_GUARD,
    GUARD,
    CALENDAR,
    OLD_CALENDAR,
    PASS,
    PAYMENT,
    PART,
    LINE
  }

  private final DynamoDbClient dynamo;
  private final BookingHandoverWrites bookingWrites;
  private final SeatWrites seats;
  private final GuardWrites guards;
  private final CalendarWrites calendars;
  private final RecordParts records;
  private final PassWrites credits;
  private final PaymentWrites payments;

  BookingReschedule(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.bookingWrites = new BookingHandoverWrites(table);
    this.seats = new SeatWrites(table);
    this.guards = new GuardWrites(table);
    this.calendars = new CalendarWrites(table);
    this.records = new RecordParts(table);
    this.credits = new PassWrites(table);
    this.payments = new PaymentWrites(table);
  }

  Reschedule.Result reschedule(Reschedule.Plan plan) {
    Booking read = plan.booking();
    SeatWrites.SeatReturn how = new SeatWrites.SeatReturn(read.slot().capacity(), false);
    for (int branch = 0; branch < 4; branch++) {
      Transaction<Action> tx = actions(plan, how);
      Optional<Transaction.Cancelled<Action>> cancelled = tx.commit(dynamo);
      if (cancelled.isEmpty()) {
        return new Reschedule.Result.Moved(
            plan.moved(),
            new SeatReleased(
                "reschedule:" + read.bookingId() + ":" + read.version(),
                read.slotId(),
                read.quantity(),
                SeatReleased.Reason.RESCHEDULED));
      }
      Transaction.Cancelled<Action> reasons = cancelled.get();
      Optional<Reschedule.Result> refused = refusal(reasons, plan);
      if (refused.isPresent()) {
        return refused.get();
      }
      SeatWrites.SeatReturn tried = how;
      Optional<SeatWrites.SeatReturn> retry =
          reasons.failed(Action.OLD_SEATS)
              ? reasons
                  .oldItem(Action.OLD_SEATS)
                  .flatMap(slot -> SeatWrites.retryFor(slot, read.quantity(), tried))
              : Optional.empty();
      if (retry.isEmpty()) {
        // The old seats would pass capacity, or the member's old guard or days refused: the books
        // are off. Never paper over that.
        throw new IllegalStateException(
            "reschedule of " + read.bookingId() + " refused: " + reasons);
      }
      how = retry.get();
    }
    throw new Unavailable("the waitlist of slot " + read.slotId() + " kept changing", null);
  }

  private Transaction<Action> actions(Reschedule.Plan plan, SeatWrites.SeatReturn how) {
    Booking read = plan.booking();
    Booking moved = plan.moved();
    Change change =
        Change.by(
            plan.actor(),
            plan.now(),
            "rescheduled from slot " + read.slotId() + " to slot " + moved.slotId());
    List<LocalDate> newDays = moved.calendarDays();
    Transaction<Action> tx =
        new Transaction<Action>()
            .add(Action.BOOKING, bookingWrites.replaceMoved(read, moved, change))
            .add(Action.NEW_SEATS, seats.sellSeats(BookingClaims.seats(moved), change))
            .addEach(Action.COUNTERPART, seats.counterpartsFree(moved.slot().counterparts()))
            .add(
                Action.OLD_SEATS,
                seats.returnSeats(
                    read.slotId(),
                    read.quantity(),
                    how,
                    change,
                    SeatCause.booking(read.bookingId())))
            .add(Action.OLD_GUARD, guards.delete(read))
            .add(Action.GUARD, guards.put(moved))
            // A day of both slots is written once: the moved entry replaces the old one (same id).
            .addEach(
                Action.CALENDAR,
                plan.calendars().stream()
                    .map(seen -> calendars.add(seen, BookingClaims.calendar(moved)))
                    .toList())
            .addEach(
                Action.OLD_CALENDAR,
                read.calendarDays().stream()
                    .filter(day -> !newDays.contains(day))
                    .map(day -> calendars.remove(BookingClaims.calendar(read), day))
                    .toList())
            .add(
                records.auditBooking(
                    read.bookingId(),
                    read.version(),
                    read.status().name(),
                    read.status().name(),
                    change))
            // one slot of a booking of several: every other line learns the group as it is now
            .addEach(
                Action.LINE,
                plan.otherLines().stream()
                    .map(l -> bookingWrites.regroup(l, moved.group().orElseThrow(), change))
                    .toList());
    if (moved.pass().isPresent()) {
      tx.add(
          Action.PASS,
          credits.stillValidFor(
              BookingClaims.credits(moved))); // its credits stay held, where it moved
    }
    // the cheaper slot's difference, refunded from the payment in the same move
    plan.difference()
        .ifPresent(
            d ->
                RefundPartActions.add(
                    tx, Action.PAYMENT, Action.PART, d, change, payments, records));
    return tx;
  }

  /** Why the reschedule cannot happen, if that is what the cancellation says. */
  private static Optional<Reschedule.Result> refusal(
      Transaction.Cancelled<Action> reasons, Reschedule.Plan plan) {
    if (reasons.failed(Action.BOOKING)) {
      return Optional.of(
          new Reschedule.Result.NotInStatus(
              reasons.oldItem(Action.BOOKING).map(BookingItemMapper::fromItem).orElseThrow()));
    }
    if (reasons.failed(Action.GUARD)) {
      return Optional.of(
          new Reschedule.Result.AlreadyBooked(
              reasons.oldItem(Action.GUARD).map(i -> Attr.str(i, "bookingId")).orElse("")));
    }
    if (reasons.failed(Action.PASS)) {
      return Optional.of(new Reschedule.Result.PassExpired());
    }
    if (reasons.failed(Action.PAYMENT) || reasons.failed(Action.PART)) {
      return Optional.of(new Reschedule.Result.PaymentMoved());
    }
    if (reasons.failedAny(Action.LINE)) {
      // another line moved (the booking was paid, cancelled or moved): read it all again
      return Optional.of(new Reschedule.Result.NotInStatus(plan.booking()));
    }
    if (reasons.failed(Action.NEW_SEATS)) {
      PlaceResult slot =
          SeatConditions.slotRefusal(
              reasons.oldItem(Action.NEW_SEATS), plan.now(), Optional.of(plan.moved()));
      return Optional.of(
          slot instanceof PlaceResult.SoldOut soldOut
              ? new Reschedule.Result.SoldOut(soldOut.remaining())
              : slot instanceof PlaceResult.SlotStarted
                  ? new Reschedule.Result.SlotStarted()
                  : slot instanceof PlaceResult.TermsChanged
                      ? new Reschedule.Result.TermsChanged()
                      : new Reschedule.Result.SlotNotOpen());
    }
    if (reasons.failedAny(Action.COUNTERPART)) {
      return Optional.of(new Reschedule.Result.SoldOut(0)); // taken through a counterpart
    }
    List<MemberCalendar> moved =
        CalendarItemMapper.moved(reasons, Action.CALENDAR, plan.calendars());
    return moved.isEmpty()
        ? Optional.empty()
        : Optional.of(new Reschedule.Result.CalendarsMoved(moved));
  }
}
