package fairslot.store.dynamodb;

import static fairslot.store.dynamodb.Attr.millis;
import static fairslot.store.dynamodb.Attr.n;
import static fairslot.store.dynamodb.Attr.s;

import fairslot.app.Change;
import fairslot.app.PaymentStore;
import fairslot.definitions.Fairslot;
import fairslot.domain.Booking;
import fairslot.domain.BookingStatus;
import fairslot.domain.FinanceException;
import fairslot.domain.Payment;
import fairslot.domain.PaymentRecord;
import fairslot.domain.PaymentStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

public final class DynamoDbPaymentStore implements PaymentStore {
  private final DynamoDbClient dynamo;
  private final String table;
  private final PendingPaymentChecks pending;
  private final TransactionParts parts;
  private final RecordParts records;

  public DynamoDbPaymentStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.pending = new PendingPaymentChecks(dynamo, table);
    this.parts = new TransactionParts(table);
    this.records = new RecordParts(table);
  }

  @Override
  public StartResult start(Booking b, Payment payment, Change change) {
    Optional<Transaction.Cancelled> cancelled =
        new Transaction()
            .add(
                "booking",
                TransactWriteItem.builder()
                    .update(
                        Update.builder()
                            .tableName(table)
                            .key(Attr.key(Keys.booking(b.bookingId()), "BOOKING"))
                            .updateExpression("SET paymentNo = :p")
                            .conditionExpression(
                                "#status = :pending AND holdExpiresAt > :now AND attribute_not_exists(paymentNo)")
                            .expressionAttributeNames(Map.of("#status", "status"))
                            .expressionAttributeValues(
                                Map.of(
                                    ":p",
                                    s(payment.paymentNo()),
                                    ":pending",
                                    s(BookingStatus.PENDING_PAY),
                                    ":now",
                                    millis(change.at())))
                            .returnValuesOnConditionCheckFailure(TransactionParts.ALL_OLD)
                            .build())
                    .build())
            .add(
                "payment",
                TransactWriteItem.builder()
                    .put(
                        Put.builder()
                            .tableName(table)
                            .item(PaymentItemMapper.toItem(payment))
                            .conditionExpression("attribute_not_exists(PK)")
                            .build())
                    .build())
            .add(
                records.auditPayment(
                    payment.paymentNo(), "-", PaymentStatus.PENDING.name(), change))
            .add(bookingLink(payment))
            .commit(dynamo);
    if (cancelled.isEmpty()) {
      return new StartResult.Started(payment);
    }
    Optional<Map<String, AttributeValue>> current = cancelled.get().oldItem("booking");
    if (cancelled.get().failed("booking") && current.isPresent()) {
      Booking now = BookingItemMapper.fromItem(current.get());
      if (now.status() == BookingStatus.PENDING_PAY
          && now.paymentNo().isPresent()
          && now.holdExpiresAt().map(d -> d.isAfter(change.at())).orElse(false)) {
        return new StartResult.AlreadyStarted(now.paymentNo().get());
      }
      return new StartResult.NotPayable(now);
    }
    throw cancelled.get().exception();
  }

  @Override
  public Optional<Payment> findPayment(String paymentNo) {
    Map<String, AttributeValue> item =
        dynamo
            .getItem(
                r ->
                    r.tableName(table)
                        .key(Attr.key(Keys.payment(paymentNo), "PAYMENT"))
                        .consistentRead(true))
            .item();
    return item == null || item.isEmpty()
        ? Optional.empty()
        : Optional.of(PaymentItemMapper.fromItem(item));
  }

  @Override
  public SettleResult settle(Settlement s) {
    // "event" remembers the provider's event id: a replay fails exactly there.
    Transaction tx =
        new Transaction()
            .add(
                "event",
                parts.rememberPaymentEvent(s.eventId(), s.payment().paymentNo(), s.change().at()));
    if (s instanceof Settlement.MarkPaid m) {
      // From PENDING, or from FAILED when a success follows a failure (finance is told).
      tx.add(parts.paymentMove(m.payment(), m.payment().status(), PaymentStatus.SUCCEEDED, false));
      tx.add(
          parts.moveBooking(
              m.booking(),
              BookingStatus.PAID,
              s.change(),
              "paymentNo = :p",
              "",
              Map.of(":p", s(m.payment().paymentNo()))));
      tx.add(
          records.auditBooking(
              m.booking(), m.booking().status().name(), BookingStatus.PAID.name(), s.change()));
    } else if (s instanceof Settlement.Revive r) {
      Booking b = r.booking();
      tx.add(parts.paymentMove(r.payment(), r.payment().status(), PaymentStatus.SUCCEEDED, false));
      tx.add(
          parts.moveBooking(
              b,
              BookingStatus.PAID,
              s.change(),
              "paymentNo = :p",
              "",
              Map.of(":p", s(r.payment().paymentNo()))));
      // A revived booking is placed again: the seat, the guard, and the venue's limit and
      // suspension as on any placement.
      tx.add("seats", parts.takeSeats(b, s.change()))
          .add("guard", parts.putGuard(b))
          .add("upcoming", parts.countUpcoming(b, r.upcomingLimit()))
          .addEach("calendar", r.calendars().stream().map(c -> parts.addToCalendar(c, b)).toList());
      if (r.checkStanding()) {
        tx.add("standing", parts.notSuspended(b, s.change().at()));
      }
      tx.add(records.auditBooking(b, b.status().name(), BookingStatus.PAID.name(), s.change()));
    } else if (s instanceof Settlement.RefundLate l) {
      tx.add(
          parts.requestRefund(
              l.payment().paymentNo(),
              l.payment().status().name(),
              s.change().at(),
              l.payment().amount()));
      tx.add(records.noteOnBooking(l.booking(), s.change()));
    } else if (s instanceof Settlement.Failed f) {
      tx.add(parts.paymentMove(f.payment(), PaymentStatus.PENDING, PaymentStatus.FAILED, false));
      // A booking that names another payment (the desk's, paid meanwhile) keeps it: only the
      // payment fails. One that named this one forgets it, on condition it still does.
      if (f.booking().paymentNo().map(f.payment().paymentNo()::equals).orElse(true)) {
        tx.add(
            TransactWriteItem.builder()
                .update(
                    Update.builder()
                        .tableName(table)
                        .key(Attr.key(Keys.booking(f.booking().bookingId()), "BOOKING"))
                        .updateExpression("REMOVE paymentNo")
                        .conditionExpression("attribute_not_exists(paymentNo) OR paymentNo = :p")
                        .expressionAttributeValues(Map.of(":p", s(f.payment().paymentNo())))
                        .build())
                .build());
      }
    } else if (s instanceof Settlement.PaidOffline o) {
      tx.add(
          TransactWriteItem.builder()
              .put(
                  Put.builder()
                      .tableName(table)
                      .item(PaymentItemMapper.toItem(o.payment()))
                      .conditionExpression("attribute_not_exists(PK)")
                      .build())
              .build());
      tx.add(bookingLink(o.payment()));
      tx.add(
          parts.moveBooking(
              o.booking(),
              BookingStatus.PAID,
              s.change(),
              "paymentNo = :p",
              "",
              Map.of(":p", s(o.payment().paymentNo()))));
      tx.add(
          records.auditBooking(
              o.booking(), o.booking().status().name(), BookingStatus.PAID.name(), s.change()));
    } else if (s instanceof Settlement.Refunded r) {
      tx.add(parts.paymentMove(r.payment(), PaymentStatus.REFUNDING, PaymentStatus.REFUNDED, true));
      addBookingMoveIfRefunding(tx, r.booking(), BookingStatus.REFUNDED, s.change());
      tx.add(
          records.notify(
              new fairslot.domain.Notification(
                  r.booking().userId(),
                  r.booking().slotId(),
                  fairslot.domain.Notification.Kind.REFUNDED,
                  r.booking().bookingId()),
              s.change().at()));
    } else if (s instanceof Settlement.RefundGivenUp g) {
      tx.add(
          parts.paymentMove(
              g.payment(), PaymentStatus.REFUNDING, PaymentStatus.REFUND_FAILED, true));
      addBookingMoveIfRefunding(tx, g.booking(), BookingStatus.REFUND_FAILED, s.change());
    }
    s.raises().ifPresent(e -> tx.add("exception", records.openException(e)));
    PaymentStatus after = statusAfter(s);
    // A payment's success confirms its booking; so does the desk's (the payment it writes is
    // SUCCEEDED already).
    if (after == PaymentStatus.SUCCEEDED
        && (s.payment().status() != PaymentStatus.SUCCEEDED || s instanceof Settlement.PaidOffline)
        && !(s instanceof Settlement.NoteOnly)) {
      Booking paid = bookingOf(s);
      tx.add(
          records.notify(
              new fairslot.domain.Notification(
                  paid.userId(),
                  paid.slotId(),
                  fairslot.domain.Notification.Kind.BOOKING_CONFIRMED,
                  paid.bookingId()),
              s.change().at()));
    }
    String before = s instanceof Settlement.PaidOffline ? "-" : s.payment().status().name();
    tx.add(records.auditPayment(s.payment().paymentNo(), before, after.name(), s.change()));

    Optional<Transaction.Cancelled> cancelled = tx.commit(dynamo);
    if (cancelled.isEmpty()) {
      return new SettleResult.Applied();
    }
    Transaction.Cancelled reasons = cancelled.get();
    if (reasons.failed("event") || reasons.failed("exception")) {
      return new SettleResult.Duplicate();
    }
    if (reasons.failed("seats")
        || reasons.failed("guard")
        || reasons.failed("upcoming")
        || reasons.failed("standing")) {
      return new SettleResult.NoSeat(); // cannot be booked again: the money goes back
    }
    // Contention, a move under us, or a calendar that merely moved: all worth another look (a
    // calendar clash is judged by the caller when it decides again).
    return new SettleResult.Stale();
  }

  private static Booking bookingOf(Settlement s) {
    if (s instanceof Settlement.MarkPaid m) {
      return m.booking();
    }
    if (s instanceof Settlement.Revive r) {
      return r.booking();
    }
    return ((Settlement.PaidOffline) s).booking();
  }

  private static PaymentStatus statusAfter(Settlement s) {
    if (s instanceof Settlement.MarkPaid
        || s instanceof Settlement.Revive
        || s instanceof Settlement.PaidOffline) {
      return PaymentStatus.SUCCEEDED;
    }
    if (s instanceof Settlement.RefundLate) {
      return PaymentStatus.REFUNDING;
    }
    if (s instanceof Settlement.Failed) {
      return PaymentStatus.FAILED;
    }
    if (s instanceof Settlement.Refunded) {
      return PaymentStatus.REFUNDED;
    }
    if (s instanceof Settlement.RefundGivenUp) {
      return PaymentStatus.REFUND_FAILED;
    }
    return s.payment().status();
  }

  private void addBookingMoveIfRefunding(
      Transaction tx, Booking b, BookingStatus to, Change change) {
    if (b.status() == BookingStatus.REFUNDING) {
      tx.add(parts.moveBooking(b, to, change, "", "", Map.of()));
      tx.add(records.auditBooking(b, b.status().name(), to.name(), change));
    }
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
  public List<fairslot.domain.MoneyMove> moneyMoves(Instant from, Instant to) {
    return new ShardedIndex(
            dynamo,
            table,
            Fairslot.MONEY_MOVES,
            AuditItemMapper.MONEY_FAMILY,
            "moneyShard",
            "moneyAt")
        .between(from, to).stream()
            .map(
                item ->
                    new fairslot.domain.MoneyMove(
                        item.get("entity").s().substring(AuditItemMapper.PAYMENT_ENTITY.length()),
                        fairslot.domain.MoneyMove.Kind.valueOf(item.get("moneyKind").s()),
                        Instant.ofEpochMilli(Long.parseLong(item.get("moneyAt").n()))))
            .sorted(java.util.Comparator.comparing(fairslot.domain.MoneyMove::at))
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
    try {
      dynamo.updateItem(
          r ->
              r.tableName(table)
                  .key(Attr.key(Keys.payment(seen.paymentNo()), "PAYMENT"))
                  .updateExpression("SET refundAttempts = :attempts, refundDueAt = :next")
                  .conditionExpression("#status = :refunding AND refundAttempts = :seen")
                  .expressionAttributeNames(Map.of("#status", "status"))
                  .expressionAttributeValues(
                      Map.of(
                          ":attempts",
                          n(attempts),
                          ":next",
                          millis(nextAt),
                          ":refunding",
                          s(PaymentStatus.REFUNDING),
                          ":seen",
                          n(seen.refundAttempts()))));
      return true;
    } catch (ConditionalCheckFailedException someoneElseDidIt) {
      return false;
    }
  }

  /** Lists the payment under its booking's key (GET /bookings/{id}/payments). */
  private TransactWriteItem bookingLink(Payment p) {
    return TransactWriteItem.builder()
        .put(Put.builder().tableName(table).item(PaymentItemMapper.bookingLink(p)).build())
        .build();
  }

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
    List<PaymentRecord> result = new java.util.ArrayList<>();
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
      items.stream()
          .filter(i -> Attr.str(i, Keys.SK).equals("PAYMENT"))
          .findFirst()
          .map(PaymentItemMapper::fromItem)
          .ifPresent(
              payment ->
                  result.add(
                      new PaymentRecord(
                          payment,
                          items.stream()
                              .filter(
                                  i ->
                                      Attr.str(i, Keys.SK)
                                          .startsWith(PaymentItemMapper.RECEIVED_PREFIX))
                              .map(PaymentItemMapper::receivedFrom)
                              .sorted(
                                  java.util.Comparator.comparing(
                                      PaymentRecord.Received::receivedAt))
                              .toList())));
    }
    // Oldest first; one booking's payments never overlap in time (one in flight at a time), and
    // the payment number only makes equal instants (a frozen test clock) read the same each time.
    result.sort(
        java.util.Comparator.comparing((PaymentRecord r) -> r.payment().createdAt())
            .thenComparing(r -> r.payment().paymentNo()));
    return result;
  }

  @Override
  public boolean flag(String eventId, String paymentNo, FinanceException exception) {
    Optional<Transaction.Cancelled> cancelled =
        new Transaction()
            .add("event", parts.rememberPaymentEvent(eventId, paymentNo, exception.createdAt()))
            .add("exception", records.openException(exception))
            .commit(dynamo);
    if (cancelled.isEmpty()) {
      return true;
    }
    if (cancelled.get().failed("event") || cancelled.get().failed("exception")) {
      return false;
    }
    throw cancelled.get().exception();
  }
}
