package fairslot.waitlist.store;

import static fairslot.table.Attr.n;

import fairslot.catalog.store.SeatCause;
import fairslot.catalog.store.SeatWrites;
import fairslot.kernel.Change;
import fairslot.notification.domain.Notification;
import fairslot.notification.store.NoticeWrites;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import fairslot.waitlist.app.WaitlistStore.MoveResult;
import fairslot.waitlist.domain.WaitlistEntry;
import fairslot.waitlist.domain.WaitlistStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

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
                  WaitEntryWrites.offer(table, entry, offerExpiresAt),
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
      Transaction<Action> tx =
          new Transaction<Action>()
              .add(Action.ENTRY, WaitEntryWrites.endOffer(table, entry, to, change.dueBy()))
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
                WaitEntryWrites.stopWaiting(table, entry, to),
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
