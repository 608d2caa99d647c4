package fairslot.booking.store;

import fairslot.booking.app.BookingStore.GroupPlaced;
import fairslot.booking.app.BookingStore.GroupPlan;
import fairslot.booking.app.BookingStore.PlaceResult;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingClaims;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.store.SeatWrites;
import fairslot.idempotency.store.IdempotencyItemMapper;
import fairslot.idempotency.store.IdempotencyWrites;
import fairslot.kernel.Change;
import fairslot.kernel.Refusal;
import fairslot.member.domain.MemberCalendar;
import fairslot.member.store.CalendarItemMapper;
import fairslot.member.store.CalendarWrites;
import fairslot.member.store.StandingWrites;
import fairslot.member.store.UpcomingWrites;
import fairslot.notification.store.NoticeWrites;
import fairslot.pass.domain.Pass;
import fairslot.pass.store.PassItemMapper;
import fairslot.pass.store.PassWrites;
import fairslot.table.Attr;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Placing a booking of several slots: one transaction with each line's seats, booking, guard and
 * audit (actions numbered by line), the member's days written once each with every line on them,
 * one count of all lines in the member's upcoming bookings, and the idempotency record. Its
 * cancellation reasons are read back as the member's answer, naming the slot.
 */
final class GroupPlacement {

  /** The named actions of a group's placement; line actions are numbered by line. */
  private enum Action {
    BOOKING,
    CALENDAR,
    COUNTERPART,
    GUARD,
    IDEMPOTENCY,
    PASS,
    SEAT,
    STANDING,
    UPCOMING
  }

  private final DynamoDbClient dynamo;
  private final BookingWrites bookingWrites;
  private final CalendarWrites calendars;
  private final GuardWrites guards;
  private final StandingWrites standings;
  private final UpcomingWrites upcoming;
  private final SeatWrites seats;
  private final RecordParts records;
  private final NoticeWrites notices;
  private final IdempotencyWrites replays;
  private final PassWrites credits;

  GroupPlacement(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.bookingWrites = new BookingWrites(table);
    this.calendars = new CalendarWrites(table);
    this.guards = new GuardWrites(table);
    this.standings = new StandingWrites(table);
    this.upcoming = new UpcomingWrites(table);
    this.seats = new SeatWrites(table);
    this.records = new RecordParts(table);
    this.notices = new NoticeWrites(table);
    this.replays = new IdempotencyWrites(table);
    this.credits = new PassWrites(table);
  }

  GroupPlaced place(GroupPlan plan) {
    List<Booking> lines = plan.lines();
    Booking lead = plan.lead();
    Change booked = Change.by(plan.actor(), plan.now(), "booked");
    Transaction<Action> tx = new Transaction<>();
    List<TransactWriteItem> counterparts = new ArrayList<>();
    List<Integer> counterpartLine = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      for (TransactWriteItem free : seats.counterpartsFree(lines.get(i).slot().counterparts())) {
        counterparts.add(free);
        counterpartLine.add(i);
      }
    }
    tx.addEach(
            Action.SEAT,
            lines.stream().map(b -> seats.sellSeats(BookingClaims.seats(b), booked)).toList())
        .addEach(Action.COUNTERPART, counterparts)
        .addEach(Action.BOOKING, lines.stream().map(bookingWrites::create).toList())
        .addEach(Action.GUARD, lines.stream().map(guards::put).toList())
        .add(
            Action.UPCOMING,
            upcoming.count(BookingClaims.member(lead), lines.size(), plan.rules().upcomingLimit()))
        .addEach(
            Action.CALENDAR,
            plan.calendars().stream()
                .map(
                    seen ->
                        calendars.add(seen, lines.stream().map(BookingClaims::calendar).toList()))
                .toList());
    lines.forEach(
        b ->
            tx.add(
                records.auditBooking(b.bookingId(), b.version(), "-", b.status().name(), booked)));
    plan.idempotency()
        .ifPresent(
            key ->
                tx.add(
                    Action.IDEMPOTENCY, replays.record(key.request(), key.response(), plan.now())));
    if (plan.rules().suspension()) {
      tx.add(Action.STANDING, standings.notSuspended(BookingClaims.member(lead), plan.now()));
    }
    if (lead.pass().isPresent()) {
      tx.add(
          Action.PASS,
          credits.spendCredits(
              lines.stream()
                  .map(BookingClaims::credits)
                  .toList())); // every line's credits, one write
    }
    if (lead.status() == BookingStatus.PAID) {
      // A free booking is confirmed as placed, once, by its lead.
      tx.add(notices.bookingConfirmed(lead.userId(), lead.slotId(), lead.bookingId(), plan.now()));
    }
    Optional<Transaction.Cancelled<Action>> cancelled = tx.commit(dynamo);
    if (cancelled.isEmpty()) {
      return new GroupPlaced(new PlaceResult.Placed(lead), Optional.empty());
    }
    return whyNot(cancelled.get(), plan, counterpartLine);
  }

  /**
   * As for one slot: a replayed request, a suspension, an existing booking, a slot, the member's
   * limit, the calendar; among the lines, the first in the group's order.
   */
  private GroupPlaced whyNot(
      Transaction.Cancelled<Action> reasons, GroupPlan plan, List<Integer> counterpartLine) {
    List<Booking> lines = plan.lines();
    if (reasons.failed(Action.IDEMPOTENCY)) {
      Optional<Map<String, AttributeValue>> record = reasons.oldItem(Action.IDEMPOTENCY);
      if (record.isPresent()
          && IdempotencyItemMapper.sameRequest(record.get(), plan.idempotency().get().request())) {
        return about(new PlaceResult.Replay(IdempotencyItemMapper.response(record.get())), null);
      }
      return about(new PlaceResult.KeyReused(), null);
    }
    if (reasons.failed(Action.STANDING)) {
      return about(
          new PlaceResult.Suspended(
              reasons
                  .oldItem(Action.STANDING)
                  .map(i -> Attr.instant(i, "suspendedUntil"))
                  .orElseThrow()),
          null);
    }
    for (int i = 0; i < lines.size(); i++) {
      if (reasons.failed(Action.GUARD, i)) {
        return about(
            new PlaceResult.AlreadyBooked(
                reasons.oldItem(Action.GUARD, i).map(g -> Attr.str(g, "bookingId")).orElse("")),
            lines.get(i));
      }
    }
    for (int i = 0; i < lines.size(); i++) {
      if (reasons.failed(Action.SEAT, i)) {
        return about(
            BookingPlacement.slotRefusal(
                reasons.oldItem(Action.SEAT, i), plan.now(), Optional.of(lines.get(i))),
            lines.get(i));
      }
    }
    for (int k = 0; k < counterpartLine.size(); k++) {
      if (reasons.failed(Action.COUNTERPART, k)) {
        return about(new PlaceResult.SoldOut(0), lines.get(counterpartLine.get(k)));
      }
    }
    if (reasons.failed(Action.PASS)) {
      Booking lead = lines.get(0);
      return about(
          new PlaceResult.PassRefused(
              reasons
                  .oldItem(Action.PASS)
                  .map(PassItemMapper::fromItem)
                  .flatMap(pass -> refusalForAll(pass, lines))
                  .orElse(Refusal.NOT_FOUND)),
          lead);
    }
    if (reasons.failed(Action.UPCOMING)) {
      return about(
          new PlaceResult.LimitReached(plan.rules().upcomingLimit().orElseThrow()), lines.get(0));
    }
    List<MemberCalendar> moved =
        CalendarItemMapper.moved(reasons, Action.CALENDAR, plan.calendars());
    if (!moved.isEmpty()) {
      return about(new PlaceResult.CalendarsMoved(moved), null);
    }
    throw new IllegalStateException(
        "group booking transaction cancelled for an unexpected reason: " + reasons);
  }

  /** The pass's refusal of the lines together, judged as the condition judged it. */
  private static Optional<Refusal> refusalForAll(Pass pass, List<Booking> lines) {
    for (Booking l : lines) {
      Optional<Refusal> one =
          pass.refusalFor(
              l.slot().venueId(), l.slot().resourceId(), l.slot().interval().start(), 0);
      if (one.isPresent()) {
        return one;
      }
    }
    int credits = lines.stream().mapToInt(l -> l.pass().orElseThrow().credits()).sum();
    return pass.creditsLeft() < credits
        ? Optional.of(Refusal.INSUFFICIENT_CREDITS)
        : Optional.empty();
  }

  private static GroupPlaced about(PlaceResult result, Booking line) {
    return new GroupPlaced(result, Optional.ofNullable(line).map(Booking::slotId));
  }
}
