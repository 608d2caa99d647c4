package fairslot.booking.store;

import fairslot.booking.app.Transfer;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingClaims;
import fairslot.kernel.Change;
import fairslot.member.domain.MemberCalendar;
import fairslot.member.store.CalendarItemMapper;
import fairslot.member.store.CalendarWrites;
import fairslot.member.store.StandingWrites;
import fairslot.member.store.UpcomingWrites;
import fairslot.table.Attr;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A booking given to another member, in one transaction: the booking item changes hands (held to
 * the version read), the giver's guard, upcoming count and calendar entries go, the recipient's
 * guard (one active booking per member and slot), upcoming count (within the venue's limit),
 * calendar days (as seen) and standing (not suspended) come. The store's {@code transfer}.
 */
final class BookingTransfer {

  /** The named actions of a transfer: a cancellation is read by these. */
  private enum Action {
    BOOKING,
    GIVER_GUARD,
    GIVER_UPCOMING,
    GIVER_CALENDAR,
    GUARD,
    UPCOMING,
    CALENDAR,
    STANDING,
    LINE
  }

  private final DynamoDbClient dynamo;
  private final BookingHandoverWrites bookingWrites;
  private final GuardWrites guards;
  private final UpcomingWrites upcoming;
  private final CalendarWrites calendars;
  private final StandingWrites standings;
  private final RecordParts records;

  BookingTransfer(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.bookingWrites = new BookingHandoverWrites(table);
    this.guards = new GuardWrites(table);
    this.upcoming = new UpcomingWrites(table);
    this.calendars = new CalendarWrites(table);
    this.standings = new StandingWrites(table);
    this.records = new RecordParts(table);
  }

  Transfer.Result transfer(Transfer.Plan plan) {
    Booking read = plan.booking();
    Booking given = plan.given();
    Change change =
        Change.by(
            plan.actor(),
            plan.now(),
            "transferred from " + read.userId() + " to " + given.userId());
    // Every line changes hands; those still holding seats (in the lead's status) move their
    // guard, count and calendar entries. A booking of one slot is its one line.
    List<Booking> lines = plan.lines();
    List<Booking> holding = lines.stream().filter(l -> l.status() == read.status()).toList();
    List<Booking> givenHolding = holding.stream().map(l -> l.ownedBy(given.userId())).toList();
    TreeSet<LocalDate> giverDays = new TreeSet<>();
    holding.forEach(l -> giverDays.addAll(l.calendarDays()));
    Transaction<Action> tx =
        new Transaction<Action>()
            .add(Action.BOOKING, bookingWrites.giveTo(read, given, change))
            .addEach(
                Action.LINE,
                lines.subList(1, lines.size()).stream()
                    .map(l -> bookingWrites.giveTo(l, l.ownedBy(given.userId()), change))
                    .toList())
            .addEach(Action.GIVER_GUARD, holding.stream().map(guards::delete).toList())
            .add(
                Action.GIVER_UPCOMING, upcoming.uncount(BookingClaims.member(read), holding.size()))
            .addEach(
                Action.GIVER_CALENDAR,
                giverDays.stream()
                    .map(
                        day ->
                            calendars.remove(
                                holding.stream().map(BookingClaims::calendar).toList(), day))
                    .toList())
            .addEach(Action.GUARD, givenHolding.stream().map(guards::put).toList())
            .add(
                Action.UPCOMING,
                upcoming.count(
                    BookingClaims.member(given), givenHolding.size(), plan.rules().upcomingLimit()))
            .addEach(
                Action.CALENDAR,
                plan.calendars().stream()
                    .map(
                        seen ->
                            calendars.add(
                                seen, givenHolding.stream().map(BookingClaims::calendar).toList()))
                    .toList());
    lines.forEach(
        l ->
            tx.add(
                records.auditBooking(
                    l.bookingId(), l.version(), l.status().name(), l.status().name(), change)));
    if (plan.rules().suspension()) {
      tx.add(Action.STANDING, standings.notSuspended(BookingClaims.member(given), plan.now()));
    }
    Optional<Transaction.Cancelled<Action>> cancelled = tx.commit(dynamo);
    if (cancelled.isEmpty()) {
      return new Transfer.Result.Transferred(given);
    }
    Transaction.Cancelled<Action> reasons = cancelled.get();
    if (reasons.failed(Action.BOOKING)) {
      return new Transfer.Result.NotInStatus(
          reasons.oldItem(Action.BOOKING).map(BookingItemMapper::fromItem).orElseThrow());
    }
    if (reasons.failed(Action.STANDING)) {
      return new Transfer.Result.Suspended(
          reasons
              .oldItem(Action.STANDING)
              .map(i -> Attr.instant(i, "suspendedUntil"))
              .orElseThrow());
    }
    if (reasons.failedAny(Action.LINE)) {
      return new Transfer.Result.NotInStatus(read); // a line moved: read the booking again
    }
    for (int i = 0; i < givenHolding.size(); i++) {
      if (reasons.failed(Action.GUARD, i)) {
        return new Transfer.Result.AlreadyBooked(
            reasons.oldItem(Action.GUARD, i).map(g -> Attr.str(g, "bookingId")).orElse(""));
      }
    }
    if (reasons.failed(Action.UPCOMING)) {
      return new Transfer.Result.LimitReached(plan.rules().upcomingLimit().orElseThrow());
    }
    List<MemberCalendar> moved =
        CalendarItemMapper.moved(reasons, Action.CALENDAR, plan.calendars());
    if (!moved.isEmpty()) {
      return new Transfer.Result.CalendarsMoved(moved);
    }
    // The giver's guard, count or calendar refused: the books are off. Never paper over that.
    throw new IllegalStateException("transfer of " + read.bookingId() + " refused: " + reasons);
  }
}
