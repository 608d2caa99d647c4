package fairslot.waitlist.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.catalog.store.SeatCause;
import fairslot.catalog.store.SeatWrites;
import fairslot.kernel.Change;
import fairslot.notification.domain.Notification;
import fairslot.notification.store.NoticeWrites;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import fairslot.waitlist.app.WaitlistStore.MoveResult;
import fairslot.waitlist.domain.WaitlistEntry;
import fairslot.waitlist.domain.WaitlistStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * An entry's moves after joining, each one conditional write or transaction: an offer takes an owed
 * seat, an offer that ends unaccepted hands it back (to sale or the next in line), and a member
 * leaves or a closed slot stops the waiting.
 */
final class WaitlistMoves {

  /** The named actions of this file's transactions: a cancellation is read by these. */
  private enum Action {
    ENTRY,
    SEATS
  }

  private final DynamoDbClient dynamo;
  private final String table;
  private final SeatWrites seats;
  private final RecordParts records;
  private final NoticeWrites notices;

  WaitlistMoves(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.seats = new SeatWrites(table);
    this.records = new RecordParts(table);
    this.notices = new NoticeWrites(table);
  }

  MoveResult offer(WaitlistEntry entry, Instant offerExpiresAt, Change change) {
    try {
      dynamo.transactWriteItems(
          r ->
              r.transactItems(
                  seats.offerSeat(
                      entry.slotId(),
                      SeatCause.of(change, SeatCause.waitlistEntry(entry.entryId()))),
                  TransactWriteItem.builder()
                      .update(
                          Update.builder()
                              .tableName(table)
                              .key(Attr.key(Keys.waitEntry(entry.entryId()), "WAITENTRY"))
                              .updateExpression(
                                  "SET #status = :offered, offerExpiresAt = :deadline, offerDueShard = :shard,"
                                      + " offerDueAt = :deadline REMOVE waitingSlot, waitSequence")
                              .conditionExpression("#status = :waiting")
                              .expressionAttributeNames(Map.of("#status", "status"))
                              .expressionAttributeValues(
                                  Map.of(
                                      ":offered",
                                      s(fairslot.waitlist.domain.WaitlistStatus.OFFERED),
                                      ":waiting",
                                      s(fairslot.waitlist.domain.WaitlistStatus.WAITING),
                                      ":deadline",
                                      millis(offerExpiresAt),
                                      ":shard",
                                      s(Keys.shard("OFFERS", entry.entryId()))))
                              .build())
                      .build(),
                  notices.notify(
                      new Notification(
                          entry.userId(),
                          entry.slotId(),
                          Notification.Kind.OFFER_MADE,
                          entry.entryId()),
                      change.at()),
                  records.auditEntry(
                      entry.entryId(),
                      WaitlistStatus.WAITING.name(),
                      WaitlistStatus.OFFERED.name(),
                      change)));
      return new MoveResult.Moved();
    } catch (TransactionCanceledException missed) {
      return new MoveResult.Missed();
    }
  }

  MoveResult endOffer(
      WaitlistEntry entry, WaitlistStatus to, Change change, Optional<Notification.Kind> notice) {
    SeatWrites.SeatReturn how = new SeatWrites.SeatReturn(entry.slotCapacity(), true);
    for (int branch = 0; branch < 4; branch++) {
      Map<String, AttributeValue> values =
          new HashMap<>(
              Map.of(
                  ":to",
                  s(to.name()),
                  ":offered",
                  s(fairslot.waitlist.domain.WaitlistStatus.OFFERED)));
      String condition = "#status = :offered";
      if (change.dueBy().isPresent()) {
        condition += " AND offerExpiresAt <= :dueBy";
        values.put(":dueBy", millis(change.dueBy().get()));
      }
      Transaction<Action> tx =
          new Transaction<Action>()
              .add(
                  Action.ENTRY,
                  TransactWriteItem.builder()
                      .update(
                          Update.builder()
                              .tableName(table)
                              .key(Attr.key(Keys.waitEntry(entry.entryId()), "WAITENTRY"))
                              .updateExpression(
                                  "SET #status = :to REMOVE offerDueShard, offerDueAt")
                              .conditionExpression(condition)
                              .expressionAttributeNames(Map.of("#status", "status"))
                              .expressionAttributeValues(values)
                              .build())
                      .build())
              .add(
                  Action.SEATS,
                  seats.returnSeats(
                      entry.slotId(), 1, how, change, SeatCause.waitlistEntry(entry.entryId())));
      notice.ifPresent(
          kind ->
              tx.add(
                  notices.notify(
                      new Notification(entry.userId(), entry.slotId(), kind, entry.entryId()),
                      change.at())));
      tx.add(records.auditEntry(entry.entryId(), WaitlistStatus.OFFERED.name(), to.name(), change));
      Optional<Transaction.Cancelled<Action>> cancelled = tx.commit(dynamo);
      if (cancelled.isEmpty()) {
        return new MoveResult.Moved();
      }
      Transaction.Cancelled<Action> reasons = cancelled.get();
      if (reasons.failed(Action.ENTRY)) {
        return new MoveResult.Missed();
      }
      SeatWrites.SeatReturn tried = how;
      Optional<SeatWrites.SeatReturn> retry =
          reasons.failed(Action.SEATS)
              ? reasons.oldItem(Action.SEATS).flatMap(slot -> SeatWrites.retryFor(slot, 1, tried))
              : Optional.empty();
      if (retry.isEmpty()) {
        throw new IllegalStateException("ending offer " + entry.entryId() + " refused: " + reasons);
      }
      how = retry.get();
    }
    return new MoveResult.Missed();
  }

  MoveResult leave(WaitlistEntry entry, Change change) {
    return stopWaiting(entry, WaitlistStatus.LEFT, change, Optional.empty());
  }

  MoveResult closeWaiting(WaitlistEntry entry, Change change) {
    return stopWaiting(
        entry,
        WaitlistStatus.EXPIRED,
        change,
        Optional.of(
            new Notification(
                entry.userId(),
                entry.slotId(),
                Notification.Kind.SLOT_CANCELLED,
                entry.entryId())));
  }

  private MoveResult stopWaiting(
      WaitlistEntry entry, WaitlistStatus to, Change change, Optional<Notification> notice) {
    List<TransactWriteItem> actions =
        new ArrayList<>(
            List.of(
                TransactWriteItem.builder()
                    .update(
                        Update.builder()
                            .tableName(table)
                            .key(Attr.key(Keys.waitEntry(entry.entryId()), "WAITENTRY"))
                            .updateExpression("SET #status = :to REMOVE waitingSlot, waitSequence")
                            .conditionExpression("#status = :waiting")
                            .expressionAttributeNames(Map.of("#status", "status"))
                            .expressionAttributeValues(
                                Map.of(
                                    ":to",
                                    s(to.name()),
                                    ":waiting",
                                    s(fairslot.waitlist.domain.WaitlistStatus.WAITING)))
                            .build())
                    .build(),
                seats.leaveWaitlist(entry.slotId()),
                records.auditEntry(
                    entry.entryId(), WaitlistStatus.WAITING.name(), to.name(), change)));
    notice.ifPresent(n -> actions.add(notices.notify(n, change.at())));
    try {
      dynamo.transactWriteItems(r -> r.transactItems(actions));
      return new MoveResult.Moved();
    } catch (TransactionCanceledException missed) {
      return new MoveResult.Missed();
    }
  }
}
