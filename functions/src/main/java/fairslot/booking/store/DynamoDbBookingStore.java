package fairslot.booking.store;

import static fairslot.table.Attr.s;

import fairslot.booking.app.BookingStore;
import fairslot.booking.app.Reschedule;
import fairslot.booking.app.Transfer;
import fairslot.booking.domain.AuditSubject;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingClaims;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.domain.DueBookings;
import fairslot.booking.domain.DueReminders;
import fairslot.booking.domain.Reminder;
import fairslot.definitions.Fairslot;
import fairslot.idempotency.app.KeyedWrite;
import fairslot.idempotency.app.Replayable;
import fairslot.kernel.AuditEntry;
import fairslot.kernel.Change;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.member.domain.MemberCalendar;
import fairslot.member.store.CalendarReads;
import fairslot.member.store.UpcomingWrites;
import fairslot.money.domain.RefundPartPlan;
import fairslot.notification.domain.Notification;
import fairslot.pass.store.PassWrites;
import fairslot.table.Attr;
import fairslot.table.AuditItemMapper;
import fairslot.table.Cursors;
import fairslot.table.Keys;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * Bookings in DynamoDB. Every state change is one TransactWriteItems whose conditions are the
 * rules; a cancelled transaction's reasons are turned into business results here.
 */
public final class DynamoDbBookingStore implements BookingStore {

  /** The named actions of this file's transactions: a cancellation is read by these. */
  private enum Action {
    BOOKING,
    CREDITS,
    UPCOMING
  }

  private final DynamoDbClient dynamo;
  private final String table;
  private final BookingWrites bookingWrites;
  private final PassWrites credits;
  private final UpcomingWrites upcoming;
  private final RecordParts records;
  private final BookingPlacement placement;
  private final SeatConditions seatConditions;
  private final BookingRelease release;
  private final LineRelease lineRelease;
  private final DynamoDbDueBookingStore due;
  private final BookingTransfer transfers;
  private final BookingReschedule reschedules;
  private final BookingPartRefund partRefunds;

  public DynamoDbBookingStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.bookingWrites = new BookingWrites(table);
    this.credits = new PassWrites(table);
    this.upcoming = new UpcomingWrites(table);
    this.records = new RecordParts(table);
    this.placement = new BookingPlacement(dynamo, table);
    this.seatConditions = new SeatConditions(dynamo, table);
    this.release = new BookingRelease(dynamo, table);
    this.lineRelease = new LineRelease(release, dynamo, table);
    this.due = new DynamoDbDueBookingStore(dynamo, table);
    this.transfers = new BookingTransfer(dynamo, table);
    this.reschedules = new BookingReschedule(dynamo, table);
    this.partRefunds = new BookingPartRefund(dynamo, table);
  }

  @Override
  public PlaceAttempt place(BookingPlan plan) {
    return placement.place(plan);
  }

  @Override
  public Optional<PlaceResult> probe(Booking b, Instant now) {
    return seatConditions.probe(b, now);
  }

  @Override
  public ReleaseResult releaseLine(
      Booking line, Change change, Optional<Notification> notice, Optional<RefundPartPlan> share) {
    return lineRelease.release(line, change, notice, share);
  }

  @Override
  public KeyedWrite refundPart(
      Booking read,
      Booking after,
      RefundPartPlan plan,
      Optional<Replayable> answer,
      Change change) {
    return partRefunds.refund(read, after, plan, answer, change);
  }

  @Override
  public List<Booking> otherLines(Booking b) {
    return GroupLines.others(dynamo, table, b);
  }

  @Override
  public Optional<Booking> findBooking(String bookingId) {
    Map<String, AttributeValue> item =
        dynamo
            .getItem(
                r ->
                    r.tableName(table)
                        .key(Attr.key(Keys.booking(bookingId), "BOOKING"))
                        .consistentRead(true))
            .item();
    return item == null || item.isEmpty()
        ? Optional.empty()
        : Optional.of(BookingItemMapper.fromItem(item));
  }

  @Override
  public Page<Booking> bookingsOf(String userId, PageRequest page) {
    return bookingsByIndex(Fairslot.BOOKINGS_BY_USER, "bookingUser", userId, page, true);
  }

  @Override
  public Page<Booking> bookingsOfSlot(String slotId, PageRequest page) {
    return bookingsByIndex(Fairslot.BOOKINGS_BY_SLOT, "bookingSlot", slotId, page, false);
  }

  @Override
  public Page<Booking> bookingsOnVenueDay(String venueId, LocalDate date, PageRequest page) {
    return bookingsByIndex(
        Fairslot.BOOKINGS_BY_VENUE_DAY,
        "bookingVenueDay",
        Keys.venueDay(venueId, date),
        page,
        false);
  }

  private Page<Booking> bookingsByIndex(
      String index, String partitionKey, String value, PageRequest page, boolean newestFirst) {
    QueryRequest.Builder query =
        QueryRequest.builder()
            .tableName(table)
            .indexName(index)
            .keyConditionExpression("#pk = :v")
            .expressionAttributeNames(Map.of("#pk", partitionKey))
            .expressionAttributeValues(Map.of(":v", s(value)))
            .scanIndexForward(!newestFirst)
            .limit(page.limit());
    String list = index + "#" + value;
    Cursors.startKey(page, list).ifPresent(query::exclusiveStartKey);
    QueryResponse response = dynamo.query(query.build());
    return new Page<>(
        response.items().stream().map(BookingItemMapper::fromItem).toList(),
        Cursors.encode(list, response.lastEvaluatedKey()));
  }

  @Override
  public Reschedule.Result reschedule(Reschedule.Plan plan) {
    return reschedules.reschedule(plan);
  }

  @Override
  public Transfer.Result transfer(Transfer.Plan plan) {
    return transfers.transfer(plan);
  }

  @Override
  public ReleaseResult release(
      Booking b, BookingStatus to, Change change, Optional<Notification> notice) {
    return release.release(b, to, change, notice);
  }

  @Override
  public MoveResult move(Booking b, BookingStatus to, Change change) {
    if (!b.status().canMoveTo(to) || b.status().releasesSeatsMovingTo(to)) {
      throw new IllegalArgumentException(
          b.status() + " -> " + to + " is not a move that keeps the seats");
    }
    Transaction<Action> tx =
        new Transaction<Action>()
            .add(Action.BOOKING, bookingWrites.move(b, to, change, "", "", Map.of()))
            .add(
                records.auditBooking(
                    b.bookingId(), b.version(), b.status().name(), to.name(), change));
    if (b.status().isUpcoming() && !to.isUpcoming()) {
      tx.add(
          Action.UPCOMING,
          upcoming.uncount(BookingClaims.member(b))); // attended or not: no longer ahead
    }
    if (b.pass().isPresent() && (to == BookingStatus.COMPLETED || to == BookingStatus.NO_SHOW)) {
      tx.add(
          Action.CREDITS,
          credits.settleCredits(
              BookingClaims.credits(b),
              to == BookingStatus.COMPLETED ? "creditsUsed" : "creditsForfeited"));
    }
    Optional<Transaction.Cancelled<Action>> cancelled = tx.commit(dynamo);
    if (cancelled.isEmpty()) {
      return new MoveResult.Moved(b.withStatus(to));
    }
    if (cancelled.get().failed(Action.BOOKING)) {
      return new MoveResult.NotInStatus(
          cancelled.get().oldItem(Action.BOOKING).map(BookingItemMapper::fromItem).orElseThrow());
    }
    throw new IllegalStateException(
        "booking move cancelled for an unexpected reason: " + cancelled.get());
  }

  @Override
  public DueBookings dueHolds(Instant now, int limit) {
    return due.dueHolds(now, limit);
  }

  @Override
  public DueBookings endedUnattended(Instant now, int limit) {
    return due.endedUnattended(now, limit);
  }

  @Override
  public DueReminders remindersDue(Instant now, int limit) {
    return due.remindersDue(now, limit);
  }

  @Override
  public boolean remind(Booking b, Reminder reminder, Instant at) {
    return due.remind(b, reminder, at);
  }

  @Override
  public List<Booking> holdsOf(String slotId, int limit) {
    return dynamo
        .query(
            r ->
                r.tableName(table)
                    .indexName(Fairslot.HOLDS_BY_SLOT)
                    .keyConditionExpression("holdSlot = :slot")
                    .expressionAttributeValues(Map.of(":slot", s(slotId)))
                    .limit(limit))
        .items()
        .stream()
        .map(BookingItemMapper::fromItem)
        .toList();
  }

  @Override
  public List<MemberCalendar> calendars(String userId, List<LocalDate> days) {
    return CalendarReads.of(dynamo, table, userId, days);
  }

  @Override
  public Page<AuditEntry> audit(AuditSubject subject, String id, PageRequest page) {
    String pk =
        switch (subject) {
          case BOOKING -> Keys.booking(id);
          case SLOT -> Keys.slot(id);
          case VENUE -> Keys.venue(id);
          case RESOURCE -> Keys.resource(id);
        };
    String list = "audit#" + pk;
    var query =
        QueryRequest.builder()
            .tableName(table)
            .consistentRead(true)
            .keyConditionExpression("PK = :pk AND begins_with(SK, :audit)")
            .expressionAttributeValues(Map.of(":pk", s(pk), ":audit", s(AuditItemMapper.SK_PREFIX)))
            .limit(page.limit());
    Cursors.startKey(page, list).ifPresent(query::exclusiveStartKey);
    var response = dynamo.query(query.build());
    return new Page<>(
        response.items().stream().map(AuditItemMapper::fromItem).toList(),
        Cursors.encode(list, response.lastEvaluatedKey()));
  }
}
