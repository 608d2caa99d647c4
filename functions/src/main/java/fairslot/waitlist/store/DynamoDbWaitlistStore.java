package fairslot.waitlist.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.SlotStatus;
import fairslot.catalog.store.SeatWrites;
import fairslot.definitions.Fairslot;
import fairslot.kernel.Change;
import fairslot.notification.domain.Notification;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.ShardedIndex;
import fairslot.table.Transaction;
import fairslot.waitlist.app.WaitlistStore;
import fairslot.waitlist.domain.WaitlistEntry;
import fairslot.waitlist.domain.WaitlistStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/** Waitlist entries in DynamoDB, in join order per slot; each move is conditional. */
public final class DynamoDbWaitlistStore implements WaitlistStore {

  /** The named actions of this file's transactions: a cancellation is read by these. */
  private enum Action {
    ENTRY,
    GUARD,
    SLOT,
    LINK
  }

  private final DynamoDbClient dynamo;
  private final String table;
  private final WaitlistMoves moves;

  public DynamoDbWaitlistStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.moves = new WaitlistMoves(dynamo, table);
  }

  @Override
  public JoinResult join(Slot slot, String userId, String entryId, Instant now) {
    Optional<WaitlistEntry> previous = entryOf(slot.slotId(), userId);
    if (previous.isPresent() && isInLine(previous.get())) {
      return new JoinResult.AlreadyIn(previous.get());
    }
    // The atomic counter hands out join order; numbers of failed joins are simply skipped.
    long sequence =
        Long.parseLong(
            dynamo
                .updateItem(new SeatWrites(table).nextWaitSequence(slot.slotId()))
                .attributes()
                .get("waitSequence")
                .n());
    WaitlistEntry entry =
        new WaitlistEntry(
            entryId,
            slot.slotId(),
            userId,
            sequence,
            WaitlistStatus.WAITING,
            Optional.empty(),
            Optional.empty(),
            now,
            slot.capacity());
    Put.Builder guard =
        Put.builder()
            .tableName(table)
            .item(
                Map.of(
                    Keys.PK,
                    s(Keys.slot(slot.slotId())),
                    Keys.SK,
                    s(Keys.waiterGuard(userId)),
                    "type",
                    s("WAITER_GUARD"),
                    "entryId",
                    s(entryId)))
            .returnValuesOnConditionCheckFailure(Attr.ALL_OLD);
    if (previous.isPresent()) {
      guard
          .conditionExpression("entryId = :previous")
          .expressionAttributeValues(Map.of(":previous", s(previous.get().entryId())));
    } else {
      guard.conditionExpression("attribute_not_exists(PK)");
    }
    Optional<Transaction.Cancelled<Action>> cancelled =
        new Transaction<Action>()
            .add(Action.SLOT, new SeatWrites(table).joinWaitlist(slot.slotId(), now))
            .add(Action.GUARD, TransactWriteItem.builder().put(guard.build()).build())
            .add(Action.ENTRY, WaitEntryWrites.create(table, entry))
            .add(Action.LINK, WaitEntryWrites.memberLink(table, entry))
            .commit(dynamo);
    if (cancelled.isEmpty()) {
      return new JoinResult.Joined(entry);
    }
    Transaction.Cancelled<Action> reasons = cancelled.get();
    if (reasons.failed(Action.GUARD)) {
      // A concurrent join of the same member won: answer with its entry.
      return entryOf(slot.slotId(), userId)
          .<JoinResult>map(JoinResult.AlreadyIn::new)
          .orElseGet(JoinResult.SlotNotOpen::new);
    }
    if (reasons.failed(Action.SLOT)) {
      Map<String, AttributeValue> s = reasons.oldItem(Action.SLOT).orElseThrow();
      boolean open =
          Attr.str(s, "status").equals(SlotStatus.OPEN.name())
              && Attr.instant(s, "startAt").isAfter(now)
              && !s.containsKey("venueDisabled")
              && !s.containsKey("resourceDisabled");
      return open ? new JoinResult.SeatsAvailable() : new JoinResult.SlotNotOpen();
    }
    throw reasons.exception();
  }

  private static boolean isInLine(WaitlistEntry e) {
    return e.status() == WaitlistStatus.WAITING || e.status() == WaitlistStatus.OFFERED;
  }

  @Override
  public Optional<WaitlistEntry> find(String entryId) {
    Map<String, AttributeValue> item =
        dynamo
            .getItem(
                r ->
                    r.tableName(table)
                        .consistentRead(true)
                        .key(Attr.key(Keys.waitEntry(entryId), "WAITENTRY")))
            .item();
    return item == null || item.isEmpty()
        ? Optional.empty()
        : Optional.of(WaitlistEntryMapper.fromItem(item));
  }

  @Override
  public Optional<WaitlistEntry> entryOf(String slotId, String userId) {
    Map<String, AttributeValue> guard =
        dynamo
            .getItem(
                r ->
                    r.tableName(table)
                        .consistentRead(true)
                        .key(Attr.key(Keys.slot(slotId), Keys.waiterGuard(userId))))
            .item();
    return guard == null || guard.isEmpty() ? Optional.empty() : find(Attr.str(guard, "entryId"));
  }

  @Override
  public int waitingAhead(WaitlistEntry entry) {
    return dynamo
        .query(
            r ->
                r.tableName(table)
                    .indexName(Fairslot.WAITING_BY_SLOT)
                    .select(Select.COUNT)
                    .keyConditionExpression("waitingSlot = :slot AND waitSequence < :mine")
                    .expressionAttributeValues(
                        Map.of(":slot", s(entry.slotId()), ":mine", n(entry.sequence()))))
        .count();
  }

  @Override
  public Optional<WaitlistEntry> head(String slotId) {
    return dynamo
        .query(
            r ->
                r.tableName(table)
                    .indexName(Fairslot.WAITING_BY_SLOT)
                    .keyConditionExpression("waitingSlot = :slot")
                    .expressionAttributeValues(Map.of(":slot", s(slotId)))
                    .limit(1))
        .items()
        .stream()
        .findFirst()
        .map(WaitlistEntryMapper::fromItem);
  }

  @Override
  public MoveResult offer(WaitlistEntry entry, Instant offerExpiresAt, Change change) {
    return moves.offer(entry, offerExpiresAt, change);
  }

  @Override
  public MoveResult endOffer(
      WaitlistEntry entry, WaitlistStatus to, Change change, Optional<Notification.Kind> notice) {
    return moves.endOffer(entry, to, change, notice);
  }

  @Override
  public MoveResult leave(WaitlistEntry entry, Change change) {
    return moves.leave(entry, change);
  }

  @Override
  public MoveResult closeWaiting(WaitlistEntry entry, Change change) {
    return moves.closeWaiting(entry, change);
  }

  @Override
  public List<WaitlistEntry> entriesOf(String slotId) {
    return dynamo
        .queryPaginator(
            r ->
                r.tableName(table)
                    .indexName(Fairslot.ENTRIES_BY_SLOT)
                    .keyConditionExpression("entrySlot = :slot")
                    .expressionAttributeValues(Map.of(":slot", s(slotId))))
        .items()
        .stream()
        .map(WaitlistEntryMapper::fromItem)
        .toList();
  }

  @Override
  public List<WaitlistEntry> dueOffers(Instant now, int limit) {
    return new ShardedIndex(
            dynamo, table, Fairslot.OFFERS_DUE, "OFFERS", "offerDueShard", "offerDueAt")
        .dueBy(now, limit).items().stream().map(WaitlistEntryMapper::fromItem).toList();
  }

  @Override
  public List<String> slotsAwaitingOffers(int limit) {
    // awaitSince is when the slot began to owe seats: every marked slot is "due" now.
    return new ShardedIndex(
            dynamo, table, Fairslot.SLOTS_AWAITING_OFFERS, "AWAIT", "awaitShard", "awaitSince")
        .dueBy(Instant.ofEpochMilli(Long.MAX_VALUE), limit).items().stream()
            .map(i -> Attr.str(i, "slotId"))
            .toList();
  }

  @Override
  public boolean settleOwedSeats(String slotId) {
    try {
      // Nobody waits: whatever is owed goes back on open sale (it is already counted in remaining).
      dynamo.updateItem(new SeatWrites(table).settleOwedSeats(slotId));
      return true;
    } catch (ConditionalCheckFailedException stillOwedAndWaited) {
      return false;
    }
  }

  @Override
  public boolean remember(String eventId, Instant at) {
    try {
      dynamo.putItem(
          r ->
              r.tableName(table)
                  .item(
                      Map.of(
                          Keys.PK,
                          s(Keys.consumedEvent(eventId)),
                          Keys.SK,
                          s("CONSUMED"),
                          "type",
                          s("CONSUMED_EVENT"),
                          "at",
                          millis(at),
                          "ttl",
                          n(at.plusSeconds(7L * 24 * 3600).getEpochSecond())))
                  .conditionExpression("attribute_not_exists(PK)"));
      return true;
    } catch (ConditionalCheckFailedException seen) {
      return false;
    }
  }
}
