package fairslot.payment.store;

import static fairslot.table.Attr.s;

import fairslot.booking.domain.Booking;
import fairslot.definitions.Fairslot;
import fairslot.kernel.Change;
import fairslot.kernel.Money;
import fairslot.money.domain.Decline;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.MoneyMove;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentRecord;
import fairslot.money.domain.WalletPart;
import fairslot.money.store.ExceptionWrites;
import fairslot.money.store.PaymentAudits;
import fairslot.money.store.PaymentItemMapper;
import fairslot.money.store.PaymentWrites;
import fairslot.money.store.WalletParts;
import fairslot.payment.app.PaymentStore;
import fairslot.payment.app.Settlement;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.OwnWrites;
import fairslot.table.RawItems;
import fairslot.table.ShardedIndex;
import fairslot.table.Transaction;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

public final class DynamoDbPaymentStore implements PaymentStore {

  /** The named actions of this file's transactions: a cancellation is read by these. */
  private enum Action {
    EVENT,
    EXCEPTION
  }

  private final DynamoDbClient dynamo;
  private final String table;
  private final PendingPaymentChecks pending;
  private final PaymentWrites payments;
  private final ExceptionWrites exceptions;
  private final PaymentSettlement settlement;
  private final PaymentStarts starts;
  private final PaymentDisputes disputes;

  public DynamoDbPaymentStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.pending = new PendingPaymentChecks(dynamo, table);
    this.payments = new PaymentWrites(table);
    this.exceptions = new ExceptionWrites(table);
    this.settlement = new PaymentSettlement(dynamo, table);
    this.starts = new PaymentStarts(dynamo, table);
    this.disputes = new PaymentDisputes(dynamo, table);
  }

  @Override
  public boolean dispute(
      String eventId, Payment payment, FinanceException exception, Optional<Money> lost) {
    return disputes.record(eventId, payment, exception, lost);
  }

  @Override
  public void closeException(String exceptionId, String note, Instant at) {
    disputes.close(exceptionId, note, at);
  }

  @Override
  public StartResult start(Booking b, Payment payment, Change change) {
    return starts.start(b, payment, Optional.empty(), change);
  }

  @Override
  public StartResult startSplit(Booking b, Payment payment, WalletPart part, Change change) {
    return starts.start(b, payment, Optional.of(part), change);
  }

  @Override
  public Optional<WalletPart> walletPartOf(String paymentNo) {
    return new WalletParts(table).find(dynamo, paymentNo);
  }

  @Override
  public Optional<Payment> findPayment(String paymentNo) {
    return findPart(paymentNo, 0);
  }

  @Override
  public Optional<Payment> findPart(String paymentNo, int n) {
    return RawItems.get(dynamo, table, PaymentItemMapper.key(paymentNo, n))
        .map(PaymentItemMapper::fromItem);
  }

  @Override
  public List<Payment> partsOf(String paymentNo) {
    return RawItems.all(dynamo, PaymentItemMapper.partsQuery(table, paymentNo)).stream()
        .map(PaymentItemMapper::fromItem)
        .sorted(Comparator.comparingInt(Payment::refundPart))
        .toList();
  }

  @Override
  public SettleResult settle(Settlement s) {
    return settlement.settle(s);
  }

  @Override
  public List<Payment> pendingDue(Instant now, int limit) {
    return pending.due(now, limit);
  }

  @Override
  public boolean schedulePendingCheck(Payment seen, Instant nextAt) {
    return pending.schedule(seen, nextAt);
  }

  @Override
  public boolean stopPendingChecks(Payment seen) {
    return pending.stop(seen);
  }

  @Override
  public List<MoneyMove> moneyMoves(Instant from, Instant to) {
    return new ShardedIndex(
            dynamo,
            table,
            Fairslot.MONEY_MOVES,
            PaymentAudits.MONEY_FAMILY,
            "moneyShard",
            "moneyAt")
        .between(from, to).stream()
            .map(
                item ->
                    new MoneyMove(
                        item.get("entity").s().substring(PaymentAudits.ENTITY.length()),
                        MoneyMove.Kind.valueOf(item.get("moneyKind").s()),
                        Instant.ofEpochMilli(Long.parseLong(item.get("moneyAt").n())),
                        Math.toIntExact(Attr.numOr(item, "refundPart", 0))))
            .sorted(Comparator.comparing(MoneyMove::at))
            .toList();
  }

  @Override
  public List<Payment> refundsDue(Instant now, int limit) {
    return new ShardedIndex(
            dynamo, table, Fairslot.REFUNDS_DUE, "REFUNDS", "refundDueShard", "refundDueAt")
        .dueBy(now, limit).items().stream().map(PaymentItemMapper::fromItem).toList();
  }

  @Override
  public boolean scheduleRefund(Payment seen, int attempts, Instant nextAt) {
    // a lost answer must not read as another worker's claim (the refund would wait an hour)
    String claim = OwnWrites.stamp();
    return OwnWrites.apply(
        dynamo, payments.scheduleRefund(seen, attempts, nextAt, claim), "refundClaim", claim);
  }

  /** Lists the payment under its booking's key (GET /bookings/{id}/payments). */
  @Override
  public void received(String paymentNo, PaymentRecord.Received event) {
    try {
      dynamo.putItem(
          r ->
              r.tableName(table)
                  .item(PaymentItemMapper.received(paymentNo, event))
                  .conditionExpression("attribute_not_exists(PK)"));
    } catch (ConditionalCheckFailedException replay) {
      // The first receipt of this event id is the one kept.
    }
  }

  @Override
  public List<PaymentRecord> paymentsOf(String bookingId) {
    List<String> paymentNos =
        dynamo
            .queryPaginator(
                r ->
                    r.tableName(table)
                        .consistentRead(true)
                        .keyConditionExpression("PK = :pk AND begins_with(SK, :payment)")
                        .expressionAttributeValues(
                            Map.of(
                                ":pk",
                                s(Keys.booking(bookingId)),
                                ":payment",
                                s(Keys.payment("")))))
            .items()
            .stream()
            .map(item -> Attr.str(item, "paymentNo"))
            .toList();
    List<PaymentRecord> result = new ArrayList<>();
    for (String paymentNo : paymentNos) {
      List<Map<String, AttributeValue>> items =
          dynamo
              .queryPaginator(
                  r ->
                      r.tableName(table)
                          .consistentRead(true)
                          .keyConditionExpression("PK = :pk")
                          .expressionAttributeValues(Map.of(":pk", s(Keys.payment(paymentNo)))))
              .items()
              .stream()
              .toList();
      List<Payment> parts =
          items.stream()
              .filter(PaymentItemMapper::isPart)
              .map(PaymentItemMapper::fromItem)
              .sorted(Comparator.comparingInt(Payment::refundPart))
              .toList();
      Optional<Map<String, AttributeValue>> main =
          items.stream()
              .filter(i -> Attr.str(i, Keys.SK).equals(PaymentItemMapper.PAYMENT_SK))
              .findFirst();
      main.map(PaymentItemMapper::fromItem)
          .ifPresent(
              payment ->
                  result.add(
                      new PaymentRecord(
                          payment,
                          parts,
                          items.stream()
                              .filter(
                                  i ->
                                      Attr.str(i, Keys.SK)
                                          .startsWith(PaymentItemMapper.RECEIVED_PREFIX))
                              .map(PaymentItemMapper::receivedFrom)
                              .sorted(Comparator.comparing(PaymentRecord.Received::receivedAt))
                              .toList(),
                          main.flatMap(PaymentItemMapper::lastError))));
    }
    // Oldest first; one booking's payments never overlap in time (one in flight at a time), and
    // the payment number only makes equal instants (a frozen test clock) read the same each time.
    result.sort(
        Comparator.comparing((PaymentRecord r) -> r.payment().createdAt())
            .thenComparing(r -> r.payment().paymentNo()));
    return result;
  }

  @Override
  public boolean noteDecline(String paymentNo, Decline decline) {
    try {
      dynamo.updateItem(payments.noteDecline(paymentNo, decline));
      return true;
    } catch (ConditionalCheckFailedException e) {
      return false; // settled, unknown, or a later decline is kept
    }
  }

  @Override
  public boolean flag(String eventId, String paymentNo, FinanceException exception) {
    Optional<Transaction.Cancelled<Action>> cancelled =
        new Transaction<Action>()
            .add(
                Action.EVENT,
                payments.rememberPaymentEvent(eventId, paymentNo, exception.createdAt()))
            .add(Action.EXCEPTION, exceptions.open(exception))
            .commit(dynamo);
    if (cancelled.isEmpty()) {
      return true;
    }
    if (cancelled.get().failed(Action.EVENT) || cancelled.get().failed(Action.EXCEPTION)) {
      return false;
    }
    throw cancelled.get().exception();
  }
}
