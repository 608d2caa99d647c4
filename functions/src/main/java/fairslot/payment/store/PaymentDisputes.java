package fairslot.payment.store;

import fairslot.booking.store.BookingWrites;
import fairslot.kernel.Money;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.Payment;
import fairslot.money.store.ExceptionWrites;
import fairslot.money.store.PaymentWrites;
import fairslot.table.Transaction;
import java.time.Instant;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/** A dispute's state written: its event, its exception and, once lost, the booking's mark. */
final class PaymentDisputes {
  private enum Action {
    EVENT,
    EXCEPTION,
    BOOKING
  }

  private final DynamoDbClient dynamo;
  private final PaymentWrites payments;
  private final ExceptionWrites exceptions;
  private final BookingWrites bookings;

  PaymentDisputes(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.payments = new PaymentWrites(table);
    this.exceptions = new ExceptionWrites(table);
    this.bookings = new BookingWrites(table);
  }

  boolean record(String eventId, Payment payment, FinanceException e, Optional<Money> lost) {
    Transaction<Action> tx =
        new Transaction<Action>()
            .add(
                Action.EVENT,
                payments.rememberPaymentEvent(eventId, payment.paymentNo(), e.createdAt()))
            .add(Action.EXCEPTION, exceptions.open(e));
    Optional<String> booking = payment.bookingPaid(); // a pass has no booking to mark
    if (lost.isPresent() && booking.isPresent()) {
      tx.add(Action.BOOKING, bookings.disputeLost(booking.get(), lost.get(), e.createdAt()));
    }
    Optional<Transaction.Cancelled<Action>> cancelled = tx.commit(dynamo);
    if (cancelled.isEmpty()) {
      return true;
    }
    if (cancelled.get().failed(Action.EVENT) || cancelled.get().failed(Action.EXCEPTION)) {
      return false; // seen before: written once already
    }
    throw cancelled.get().exception();
  }

  void close(String exceptionId, String note, Instant at) {
    try {
      dynamo.updateItem(exceptions.closeByProvider(exceptionId, note, at));
    } catch (ConditionalCheckFailedException e) {
      // resolved already (a redelivery), or never opened (the opening event was lost)
    }
  }
}
