package fairslot.member.store;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.store.BookingItemMapper;
import fairslot.booking.store.BookingWrites;
import fairslot.kernel.Change;
import fairslot.member.app.StandingStore;
import fairslot.member.domain.MemberStanding;
import fairslot.pass.store.PassWrites;
import fairslot.table.Keys;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/** Member standing items; a no-show's strike is written in the transaction that records it. */
public final class DynamoDbStandingStore implements StandingStore {

  /** The named actions of this file's transactions: a cancellation is read by these. */
  private enum Action {
    BOOKING,
    CREDITS,
    STANDING,
    UPCOMING
  }

  private final DynamoDbClient dynamo;
  private final String table;
  private final BookingWrites bookingWrites;
  private final PassWrites credits;
  private final UpcomingWrites upcoming;
  private final RecordParts records;
  private final StandingWrites standings;

  public DynamoDbStandingStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.bookingWrites = new BookingWrites(table);
    this.credits = new PassWrites(table);
    this.upcoming = new UpcomingWrites(table);
    this.records = new RecordParts(table);
    this.standings = new StandingWrites(table);
  }

  @Override
  public MemberStanding standing(String userId, String venueId) {
    var response =
        dynamo.getItem(
            r ->
                r.tableName(table)
                    .key(StandingItemMapper.key(userId, venueId))
                    .consistentRead(true));
    return StandingItemMapper.fromItem(
        userId, venueId, response.hasItem() ? response.item() : Map.of());
  }

  @Override
  public NoShowResult recordNoShow(
      Booking b, Change change, MemberStanding seen, MemberStanding next) {
    Transaction<Action> tx =
        new Transaction<Action>()
            .add(
                Action.BOOKING,
                bookingWrites.move(b, BookingStatus.NO_SHOW, change, "", "", Map.of()))
            .add(Action.UPCOMING, upcoming.uncount(b))
            .add(Action.STANDING, standings.replace(seen, next))
            .add(
                records.auditBooking(
                    b.bookingId(),
                    b.version(),
                    b.status().name(),
                    BookingStatus.NO_SHOW.name(),
                    change))
            .add(auditStanding(seen, next, change));
    if (b.pass().isPresent()) {
      tx.add(Action.CREDITS, credits.settleCredits(b.creditUse(), "creditsForfeited"));
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

  @Override
  public boolean pardon(MemberStanding seen, MemberStanding next, Change change) {
    Optional<Transaction.Cancelled<Action>> cancelled =
        new Transaction<Action>()
            .add(Action.STANDING, standings.replace(seen, next))
            .add(auditStanding(seen, next, change))
            .commit(dynamo);
    if (cancelled.isEmpty()) {
      return true;
    }
    if (cancelled.get().failed(Action.STANDING)) {
      return false;
    }
    throw new IllegalStateException("pardon cancelled for an unexpected reason: " + cancelled);
  }

  private TransactWriteItem auditStanding(MemberStanding seen, MemberStanding next, Change change) {
    return records.audit(
        Keys.member(seen.userId()),
        "standing:" + seen.userId() + "@" + seen.venueId(),
        describe(seen),
        describe(next),
        change);
  }

  private static String describe(MemberStanding s) {
    return s.strikes().size()
        + " strikes"
        + s.suspendedUntil().map(u -> ", suspended until " + u).orElse("");
  }
}
