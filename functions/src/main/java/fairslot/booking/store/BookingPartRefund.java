package fairslot.booking.store;

import fairslot.booking.domain.Booking;
import fairslot.idempotency.app.KeyedWrite;
import fairslot.idempotency.app.Replayable;
import fairslot.idempotency.store.IdempotencyWrites;
import fairslot.kernel.Change;
import fairslot.money.domain.RefundPartPlan;
import fairslot.money.store.PaymentWrites;
import fairslot.money.store.RefundPartActions;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Part of a PAID booking's price refunded by staff (v1.3) in one transaction: the booking (still
 * PAID, version as read) keeps less and shows the part, the payment holds as the plan read it, the
 * part is put to be paid back, and both audits are written.
 */
final class BookingPartRefund {
  /** The named actions: a cancellation is read by these. */
  enum Action {
    BOOKING,
    KEY,
    PAYMENT,
    PART
  }

  private final DynamoDbClient dynamo;
  private final BookingWrites bookings;
  private final PaymentWrites payments;
  private final RecordParts records;
  private final IdempotencyWrites replays;

  BookingPartRefund(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.bookings = new BookingWrites(table);
    this.payments = new PaymentWrites(table);
    this.records = new RecordParts(table);
    this.replays = new IdempotencyWrites(table);
  }

  /** Moved when the booking or its payment moved since they were read: read again, decide again. */
  KeyedWrite refund(
      Booking read,
      Booking after,
      RefundPartPlan plan,
      Optional<Replayable> answer,
      Change change) {
    Transaction<Action> tx = new Transaction<Action>();
    answer.ifPresent(
        a -> tx.add(Action.KEY, replays.record(a.request(), a.response(), change.at())));
    tx.add(Action.BOOKING, bookings.partRefunded(read, after, change.at()))
        .add(
            records.auditBooking(
                read.bookingId(),
                read.version(),
                read.status().name(),
                after.status().name(),
                change));
    RefundPartActions.add(tx, Action.PAYMENT, Action.PART, plan, change, payments, records);
    Optional<Transaction.Cancelled<Action>> cancelled = tx.commit(dynamo);
    if (cancelled.isEmpty()) {
      return new KeyedWrite.Made();
    }
    return cancelled.get().failed(Action.KEY)
        ? IdempotencyWrites.keyTaken(cancelled.get().oldItem(Action.KEY), answer.get().request())
        : new KeyedWrite.Moved();
  }
}
