package fairslot.finance.store;

import static fairslot.table.Attr.s;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.store.BookingWrites;
import fairslot.booking.store.GroupLines;
import fairslot.definitions.Fairslot;
import fairslot.finance.app.FinanceStore;
import fairslot.kernel.Change;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.store.ExceptionWrites;
import fairslot.money.store.FinanceExceptionMapper;
import fairslot.money.store.PaymentAudits;
import fairslot.money.store.PaymentWrites;
import fairslot.table.Cursors;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/** Finance exceptions in the table: listed through the sparse exceptionsByStatus index. */
public final class DynamoDbFinanceStore implements FinanceStore {

  /** The named actions of this file's transactions: a cancellation is read by these. */
  private enum Action {
    BOOKING,
    EXCEPTION,
    PAYMENT
  }

  private final DynamoDbClient dynamo;
  private final String table;
  private final BookingWrites bookingWrites;
  private final PaymentWrites payments;
  private final RecordParts records;
  private final ExceptionWrites exceptions;

  public DynamoDbFinanceStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.bookingWrites = new BookingWrites(table);
    this.payments = new PaymentWrites(table);
    this.records = new RecordParts(table);
    this.exceptions = new ExceptionWrites(table);
  }

  @Override
  public Optional<FinanceException> find(String exceptionId) {
    Map<String, AttributeValue> item =
        dynamo
            .getItem(
                r ->
                    r.tableName(table)
                        .consistentRead(true)
                        .key(FinanceExceptionMapper.key(exceptionId)))
            .item();
    return item == null || item.isEmpty()
        ? Optional.empty()
        : Optional.of(FinanceExceptionMapper.fromItem(item));
  }

  @Override
  public Page<FinanceException> list(
      Optional<String> venueId, FinanceException.Status status, PageRequest page) {
    Map<String, AttributeValue> values = new HashMap<>(Map.of(":status", s(status.name())));
    String condition = "excStatus = :status";
    if (venueId.isPresent()) {
      condition += " AND begins_with(excVenueAt, :venue)";
      values.put(":venue", s(FinanceExceptionMapper.venueKey(venueId.get())));
    }
    String list = Fairslot.EXCEPTIONS_BY_STATUS + "#" + status + "#" + venueId.orElse("*");
    QueryRequest.Builder query =
        QueryRequest.builder()
            .tableName(table)
            .indexName(Fairslot.EXCEPTIONS_BY_STATUS)
            .keyConditionExpression(condition)
            .expressionAttributeValues(values)
            .limit(page.limit());
    Cursors.startKey(page, list).ifPresent(query::exclusiveStartKey);
    QueryResponse response = dynamo.query(query.build());
    return new Page<>(
        response.items().stream().map(FinanceExceptionMapper::fromItem).toList(),
        Cursors.encode(list, response.lastEvaluatedKey()));
  }

  @Override
  public boolean retryRefund(
      FinanceException seen,
      FinanceException.Resolution how,
      Payment payment,
      Optional<Booking> booking,
      Change change) {
    FinanceException resolved = seen.resolved(how, change.reason(), change.actor());
    Transaction<Action> tx =
        new Transaction<Action>()
            .add(Action.EXCEPTION, resolve(resolved, change))
            .add(
                records.auditException(
                    seen.exceptionId(),
                    FinanceException.Status.OPEN.name(),
                    FinanceException.Status.RESOLVED.name(),
                    change))
            .add(Action.PAYMENT, payments.restartRefund(payment, change.at()))
            .add(audit(payment, PaymentStatus.REFUND_FAILED, PaymentStatus.REFUNDING, change));
    booking.ifPresent(b -> moveBooking(tx, b, BookingStatus.REFUNDING, change));
    return committed(tx);
  }

  @Override
  public boolean resolve(
      FinanceException seen,
      FinanceException resolved,
      Optional<Payment> refundedOffline,
      Optional<Booking> booking,
      Change change) {
    Transaction<Action> tx =
        new Transaction<Action>()
            .add(Action.EXCEPTION, resolve(resolved, change))
            .add(
                records.auditException(
                    seen.exceptionId(),
                    FinanceException.Status.OPEN.name(),
                    FinanceException.Status.RESOLVED.name(),
                    change));
    refundedOffline.ifPresent(
        p -> {
          tx.add(
              Action.PAYMENT,
              payments.move(p, PaymentStatus.REFUND_FAILED, PaymentStatus.REFUNDED, false));
          tx.add(audit(p, PaymentStatus.REFUND_FAILED, PaymentStatus.REFUNDED, change));
          booking.ifPresent(b -> moveBooking(tx, b, BookingStatus.REFUNDED, change));
        });
    return committed(tx);
  }

  /** The move in the payment's trail, as the payment's or as one of its refund parts'. */
  private TransactWriteItem audit(Payment p, PaymentStatus from, PaymentStatus to, Change change) {
    return p.isPart()
        ? PaymentAudits.part(records, p.paymentNo(), p.refundPart(), from.name(), to.name(), change)
        : PaymentAudits.payment(records, p.paymentNo(), from.name(), to.name(), change);
  }

  private void moveBooking(Transaction<Action> tx, Booking b, BookingStatus to, Change change) {
    tx.add(Action.BOOKING, bookingWrites.move(b, to, change, "", "", Map.of()));
    tx.add(records.auditBooking(b.bookingId(), b.version(), b.status().name(), to.name(), change));
    // A booking of several slots: its other lines move with the lead, each as it was read.
    for (Booking line : GroupLines.others(dynamo, table, b)) {
      if (line.status() == b.status()) {
        tx.add(bookingWrites.move(line, to, change, "", "", Map.of()));
        tx.add(
            records.auditBooking(
                line.bookingId(), line.version(), line.status().name(), to.name(), change));
      }
    }
  }

  /** The exception, OPEN as read, becomes {@code resolved} (ExceptionWrites.resolve). */
  private TransactWriteItem resolve(FinanceException resolved, Change change) {
    return TransactWriteItem.builder()
        .update(
            exceptions.resolve(
                resolved.exceptionId(),
                resolved.resolution().orElseThrow(),
                resolved.note().orElse(""),
                change.actor(),
                change.at()))
        .build();
  }

  private boolean committed(Transaction<Action> tx) {
    Optional<Transaction.Cancelled<Action>> cancelled = tx.commit(dynamo);
    if (cancelled.isEmpty()) {
      return true;
    }
    if (cancelled.get().failed(Action.EXCEPTION)
        || cancelled.get().failed(Action.PAYMENT)
        || cancelled.get().failed(Action.BOOKING)) {
      return false;
    }
    throw cancelled.get().exception();
  }
}
