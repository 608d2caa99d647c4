package fairslot.store.dynamodb;

import static fairslot.store.dynamodb.Attr.millis;
import static fairslot.store.dynamodb.Attr.n;
import static fairslot.store.dynamodb.Attr.s;

import fairslot.app.BookingStore;
import fairslot.app.Page;
import fairslot.app.PageRequest;
import fairslot.definitions.Fairslot;
import fairslot.domain.Booking;
import fairslot.domain.BookingStatus;
import fairslot.domain.MemberCalendar;
import fairslot.domain.SlotStatus;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.RequestLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;

/**
 * Bookings in DynamoDB. Every state change is one TransactWriteItems whose conditions are the
 * rules; a cancelled transaction's reasons are turned into business results here.
 */
public final class DynamoDbBookingStore implements BookingStore {
  private static final ReturnValuesOnConditionCheckFailure ALL_OLD = ReturnValuesOnConditionCheckFailure.ALL_OLD;

  private final DynamoDbClient dynamo;
  private final String table;

  public DynamoDbBookingStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  // Action order of the booking transaction; the cancellation reasons come back in this order.
  private static final int SLOT = 0;
  private static final int BOOKING = 1;
  private static final int GUARD = 2;
  private static final int FIRST_CALENDAR = 3;

  @Override
  public PlaceResult place(BookingPlan plan) {
    Booking b = plan.booking();
    List<TransactWriteItem> actions = new ArrayList<>();
    actions.add(TransactWriteItem.builder().update(Update.builder().tableName(table)
        .key(Attr.key(Keys.slot(b.slotId()), "SLOT"))
        .updateExpression("SET remaining = remaining - :q")
        .conditionExpression("attribute_exists(PK) AND #status = :open AND startAt > :now AND remaining >= :q")
        .expressionAttributeNames(Map.of("#status", "status"))
        .expressionAttributeValues(Map.of(":q", n(b.quantity()), ":open", s(SlotStatus.OPEN.name()),
            ":now", millis(plan.now())))
        .returnValuesOnConditionCheckFailure(ALL_OLD).build()).build());
    actions.add(TransactWriteItem.builder().put(Put.builder().tableName(table)
        .item(BookingItemMapper.toItem(b))
        .conditionExpression("attribute_not_exists(PK)").build()).build());
    actions.add(TransactWriteItem.builder().put(Put.builder().tableName(table)
        .item(Map.of(Keys.PK, s(Keys.slot(b.slotId())), Keys.SK, s(Keys.memberGuard(b.userId())),
            "type", s("MEMBER_GUARD"), "bookingId", s(b.bookingId())))
        .conditionExpression("attribute_not_exists(PK)")
        .returnValuesOnConditionCheckFailure(ALL_OLD).build()).build());
    for (MemberCalendar seen : plan.calendars()) {
      actions.add(TransactWriteItem.builder().put(calendarWrite(seen, b)).build());
    }
    int idempotencyAction = actions.size();
    plan.idempotency().ifPresent(request -> actions.add(TransactWriteItem.builder().put(Put.builder()
        .tableName(table)
        .item(IdempotencyItemMapper.completed(request, plan.response().orElseThrow(), plan.now()))
        .conditionExpression(IdempotencyItemMapper.FRESH_CONDITION)
        .expressionAttributeNames(Map.of("#ttl", "ttl"))
        .expressionAttributeValues(Map.of(":nowSeconds", n(plan.now().getEpochSecond())))
        .returnValuesOnConditionCheckFailure(ALL_OLD).build()).build()));

    try {
      dynamo.transactWriteItems(r -> r.transactItems(actions));
      return new PlaceResult.Placed(b);
    } catch (TransactionCanceledException e) {
      return whyNotPlaced(new CancellationReasons(e), plan, idempotencyAction);
    } catch (TransactionConflictException | ProvisionedThroughputExceededException | RequestLimitExceededException e) {
      return new PlaceResult.Contended();
    }
  }

  /** Precedence: a replayed request, then an existing booking, then the slot, then the calendar. */
  private PlaceResult whyNotPlaced(CancellationReasons reasons, BookingPlan plan, int idempotencyAction) {
    if (plan.idempotency().isPresent() && reasons.conditionFailed(idempotencyAction)) {
      Optional<Map<String, AttributeValue>> record = reasons.oldItem(idempotencyAction);
      if (record.isPresent() && IdempotencyItemMapper.sameRequest(record.get(), plan.idempotency().get())) {
        return new PlaceResult.Replay(IdempotencyItemMapper.response(record.get()));
      }
      return new PlaceResult.KeyReused();
    }
    if (reasons.conditionFailed(GUARD)) {
      return new PlaceResult.AlreadyBooked(reasons.oldItem(GUARD).map(i -> Attr.str(i, "bookingId")).orElse(""));
    }
    if (reasons.conditionFailed(SLOT)) {
      Optional<Map<String, AttributeValue>> slot = reasons.oldItem(SLOT);
      if (slot.isEmpty()) {
        return new PlaceResult.SlotMissing();
      }
      if (!SlotStatus.OPEN.name().equals(Attr.str(slot.get(), "status"))) {
        return new PlaceResult.SlotNotOpen();
      }
      if (!Attr.instant(slot.get(), "startAt").isAfter(plan.now())) {
        return new PlaceResult.SlotStarted();
      }
      return new PlaceResult.SoldOut(Attr.integer(slot.get(), "remaining"));
    }
    List<MemberCalendar> moved = new ArrayList<>();
    for (int i = 0; i < plan.calendars().size(); i++) {
      if (reasons.conditionFailed(FIRST_CALENDAR + i)) {
        MemberCalendar seen = plan.calendars().get(i);
        moved.add(reasons.oldItem(FIRST_CALENDAR + i)
            .map(item -> CalendarItemMapper.fromItem(seen.userId(), seen.day(), item))
            .orElse(MemberCalendar.empty(seen.userId(), seen.day())));
      }
    }
    if (!moved.isEmpty()) {
      return new PlaceResult.CalendarsMoved(moved);
    }
    if (reasons.onlyContention()) {
      return new PlaceResult.Contended();
    }
    throw new IllegalStateException("booking transaction cancelled for an unexpected reason: " + reasons);
  }

  /** Writes the day with the new entry, on condition that nobody changed it since {@code seen}. */
  private Put calendarWrite(MemberCalendar seen, Booking b) {
    MemberCalendar next = seen.with(b.bookingId(), b.slotInterval());
    Put.Builder put = Put.builder().tableName(table).item(CalendarItemMapper.toItem(next))
        .returnValuesOnConditionCheckFailure(ALL_OLD);
    if (seen.version() == 0) {
      return put.conditionExpression("attribute_not_exists(PK)").build();
    }
    return put.conditionExpression("version = :seen")
        .expressionAttributeValues(Map.of(":seen", n(seen.version()))).build();
  }

  @Override
  public Optional<Booking> findBooking(String bookingId) {
    Map<String, AttributeValue> item = dynamo.getItem(r -> r.tableName(table)
        .key(Attr.key(Keys.booking(bookingId), "BOOKING")).consistentRead(true)).item();
    return item == null || item.isEmpty() ? Optional.empty() : Optional.of(BookingItemMapper.fromItem(item));
  }

  @Override
  public Page<Booking> bookingsOf(String userId, PageRequest page) {
    QueryRequest.Builder query = QueryRequest.builder().tableName(table)
        .indexName(Fairslot.BOOKINGS_BY_USER)
        .keyConditionExpression("bookingUser = :user")
        .expressionAttributeValues(Map.of(":user", s(userId)))
        .scanIndexForward(false)
        .limit(page.limit());
    page.cursor().flatMap(Cursors::decode).ifPresent(query::exclusiveStartKey);
    QueryResponse response = dynamo.query(query.build());
    return new Page<>(response.items().stream().map(BookingItemMapper::fromItem).toList(),
        Cursors.encode(response.lastEvaluatedKey()));
  }

  // Action order of the release transaction.
  private static final int RELEASED_BOOKING = 0;
  private static final int RETURNED_SEATS = 1;

  @Override
  public ReleaseResult release(Booking b, BookingStatus from, BookingStatus to, Instant at) {
    if (!from.releasesSeatsMovingTo(to)) {
      throw new IllegalArgumentException(from + " -> " + to + " does not release seats");
    }
    List<TransactWriteItem> actions = new ArrayList<>();
    actions.add(TransactWriteItem.builder().update(Update.builder().tableName(table)
        .key(Attr.key(Keys.booking(b.bookingId()), "BOOKING"))
        .updateExpression("SET #status = :to, updatedAt = :at REMOVE holdDueShard, holdDueAt")
        .conditionExpression("#status = :from")
        .expressionAttributeNames(Map.of("#status", "status"))
        .expressionAttributeValues(Map.of(":to", s(to.name()), ":from", s(from.name()), ":at", millis(at)))
        .returnValuesOnConditionCheckFailure(ALL_OLD).build()).build());
    // Capped: the seats go back only if that keeps remaining <= capacity.
    actions.add(TransactWriteItem.builder().update(Update.builder().tableName(table)
        .key(Attr.key(Keys.slot(b.slotId()), "SLOT"))
        .updateExpression("SET remaining = remaining + :q")
        .conditionExpression("remaining <= :most")
        .expressionAttributeValues(Map.of(":q", n(b.quantity()), ":most", n(b.slotCapacity() - b.quantity())))
        .build()).build());
    actions.add(TransactWriteItem.builder().delete(Delete.builder().tableName(table)
        .key(Attr.key(Keys.slot(b.slotId()), Keys.memberGuard(b.userId())))
        .conditionExpression("attribute_not_exists(PK) OR bookingId = :b")
        .expressionAttributeValues(Map.of(":b", s(b.bookingId()))).build()).build());
    for (LocalDate day : b.calendarDays()) {
      actions.add(TransactWriteItem.builder().update(Update.builder().tableName(table)
          .key(Attr.key(Keys.member(b.userId()), Keys.calendarDay(day)))
          .updateExpression("REMOVE entries.#b SET version = version + :one")
          .conditionExpression("attribute_exists(PK)")
          .expressionAttributeNames(Map.of("#b", b.bookingId()))
          .expressionAttributeValues(Map.of(":one", n(1))).build()).build());
    }
    try {
      dynamo.transactWriteItems(r -> r.transactItems(actions));
      return new ReleaseResult.Released(b.withStatus(to));
    } catch (TransactionCanceledException e) {
      CancellationReasons reasons = new CancellationReasons(e);
      if (reasons.conditionFailed(RELEASED_BOOKING)) {
        return new ReleaseResult.NotInStatus(reasons.oldItem(RELEASED_BOOKING)
            .map(BookingItemMapper::fromItem).orElseThrow());
      }
      if (reasons.onlyContention()) {
        return new ReleaseResult.Contended();
      }
      // The seat cap or a calendar item refused: the books are off. Never paper over that.
      throw new IllegalStateException("release of " + b.bookingId() + " refused: " + reasons
          + (reasons.conditionFailed(RETURNED_SEATS) ? " (slot would exceed capacity)" : ""));
    } catch (TransactionConflictException | ProvisionedThroughputExceededException | RequestLimitExceededException e) {
      return new ReleaseResult.Contended();
    }
  }
}
