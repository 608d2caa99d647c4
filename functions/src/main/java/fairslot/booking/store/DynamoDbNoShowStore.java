package fairslot.booking.store;

import fairslot.booking.app.NoShowStore;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingClaims;
import fairslot.booking.domain.BookingStatus;
import fairslot.kernel.Change;
import fairslot.member.domain.MemberStanding;
import fairslot.member.store.StandingWrites;
import fairslot.member.store.UpcomingWrites;
import fairslot.pass.store.PassWrites;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** A no-show: the booking's move and the member's strike in one transaction. */
public final class DynamoDbNoShowStore implements NoShowStore {

  /** The named actions of this file's transactions: a cancellation is read by these. */
  private enum Action {
    BOOKING,
    CREDITS,
    STANDING,
    UPCOMING
  }

  private final DynamoDbClient dynamo;
  private final BookingWrites bookingWrites;
  private final PassWrites credits;
  private final UpcomingWrites upcoming;
  private final RecordParts records;
  private final StandingWrites standings;

  public DynamoDbNoShowStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.bookingWrites = new BookingWrites(table);
    this.credits = new PassWrites(table);
    this.upcoming = new UpcomingWrites(table);
    this.records = new RecordParts(table);
    this.standings = new StandingWrites(table);
  }

  @Override
  public NoShowResult recordNoShow(
      Booking b, Change change, MemberStanding seen, MemberStanding next) {
    Transaction<Action> tx =
        new Transaction<Action>()
            .add(
                Action.BOOKING,
                bookingWrites.move(b, BookingStatus.NO_SHOW, change, "", "", Map.of()))
            .add(Action.UPCOMING, upcoming.uncount(BookingClaims.member(b)))
            .add(Action.STANDING, standings.replace(seen, next))
            .add(
                records.auditBooking(
                    b.bookingId(),
                    b.version(),
                    b.status().name(),
                    BookingStatus.NO_SHOW.name(),
                    change))
            .add(StandingWrites.audit(records, seen, next, change));
    if (b.pass().isPresent()) {
      tx.add(Action.CREDITS, credits.settleCredits(BookingClaims.credits(b), "creditsForfeited"));
    }
    Optional<Transaction.Cancelled<Action>> cancelled = tx.commit(dynamo);
    if (cancelled.isEmpty()) {
      return new NoShowResult.Recorded(b.withStatus(BookingStatus.NO_SHOW));
    }
    if (cancelled.get().failed(Action.BOOKING)) {
      return new NoShowResult.NotInStatus(
          cancelled.get().oldItem(Action.BOOKING).map(BookingItemMapper::fromItem).orElseThrow());
    }
    if (cancelled.get().failed(Action.STANDING)) {
      return new NoShowResult.StandingMoved();
    }
    throw new IllegalStateException("no-show cancelled for an unexpected reason: " + cancelled);
  }
}
