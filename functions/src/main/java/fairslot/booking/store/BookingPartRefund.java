package fairslot.booking.store;

import fairslot.booking.domain.Booking;
import fairslot.kernel.Change;
import fairslot.money.domain.RefundPartPlan;
import fairslot.money.store.PaymentWrites;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
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
    PAYMENT,
    PART
  }

  private final DynamoDbClient dynamo;
  private final BookingWrites bookings;
  private final PaymentWrites payments;
  private final RecordParts records;

  BookingPartRefund(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.bookings = new BookingWrites(table);
    this.payments = new PaymentWrites(table);
    this.records = new RecordParts(table);
  }

  /** False when the booking or its payment moved since they were read: read again, decide again. */
  boolean refund(Booking read, Booking after, RefundPartPlan plan, Change change) {
    Transaction<Action> tx =
        new Transaction<Action>()
            .add(Action.BOOKING, bookings.partRefunded(read, after, change.at()))
            .add(
                records.auditBooking(
                    read.bookingId(),
                    read.version(),
                    read.status().name(),
                    after.status().name(),
                    change));
    RefundPartActions.add(tx, Action.PAYMENT, Action.PART, plan, change, payments, records);
    return tx.commit(dynamo).isEmpty();
  }
}
