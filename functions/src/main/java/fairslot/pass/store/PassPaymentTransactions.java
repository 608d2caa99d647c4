package fairslot.pass.store;

import fairslot.catalog.store.VenueChecks;
import fairslot.idempotency.app.KeyedWrite;
import fairslot.idempotency.app.Replayable;
import fairslot.idempotency.store.IdempotencyWrites;
import fairslot.kernel.Change;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.PrepaidClaim;
import fairslot.money.domain.RefundPartPlan;
import fairslot.money.store.ExceptionWrites;
import fairslot.money.store.PaymentAudits;
import fairslot.money.store.PaymentWrites;
import fairslot.money.store.PrepaidWrites;
import fairslot.money.store.RefundPartActions;
import fairslot.pass.app.PassStore.PayStart;
import fairslot.pass.app.PassStore.Settled;
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.PassStatus;
import fairslot.table.Keys;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A pass's payment: its start (the pass names it) and its settlement (the pass activated, or not).
 */
final class PassPaymentTransactions {

  /** The named actions of this file's transactions: a cancellation is read by these. */
  private enum Action {
    EVENT,
    EXCEPTION,
    KEY,
    PART,
    PASS,
    PAYMENT,
    PREPAID,
    VENUE
  }

  private final DynamoDbClient dynamo;
  private final String table;
  private final PaymentWrites payments;
  private final PassWrites writes;
  private final RecordParts records;
  private final ExceptionWrites exceptions;
  private final IdempotencyWrites replays;

  PassPaymentTransactions(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.payments = new PaymentWrites(table);
    this.writes = new PassWrites(table);
    this.records = new RecordParts(table);
    this.exceptions = new ExceptionWrites(table);
    this.replays = new IdempotencyWrites(table);
  }

  PayStart start(Pass pass, Payment payment, Optional<PrepaidClaim> claim, Change change) {
    Transaction<Action> tx = new Transaction<>();
    claim.ifPresent(c -> tx.add(Action.PREPAID, new PrepaidWrites(table).claim(c)));
    Optional<Transaction.Cancelled<Action>> cancelled =
        tx.add(Action.PASS, writes.namePayment(pass, payment))
            .add(Action.PAYMENT, payments.create(payment))
            .add(Action.VENUE, VenueChecks.sells(table, pass.plan().venueId()))
            .add(
                PaymentAudits.payment(
                    records, payment.paymentNo(), "-", PaymentStatus.PENDING.name(), change))
            .commit(dynamo);
    if (cancelled.isEmpty()) {
      return new PayStart.Started();
    }
    if (cancelled.get().failed(Action.VENUE)) {
      return new PayStart.VenueDisabled();
    }
    Optional<Pass> now = cancelled.get().oldItem(Action.PASS).map(PassItemMapper::fromItem);
    if (cancelled.get().failed(Action.PASS) && now.isPresent()) {
      return now.get().status() == PassStatus.PENDING_PAY && now.get().paymentNo().isPresent()
          ? new PayStart.AlreadyStarted(now.get().paymentNo().get())
          : new PayStart.NotPayable(now.get());
    }
    if (cancelled.get().failed(Action.PREPAID)) {
      return new PayStart.Contended();
    }
    throw cancelled.get().exception();
  }

  Settled settle(
      String eventId, Payment payment, Pass pass, PaymentCallback.Outcome outcome, Change change) {
    Transaction<Action> tx =
        new Transaction<Action>()
            .add(
                Action.EVENT,
                payments.rememberPaymentEvent(eventId, payment.paymentNo(), change.at()));
    boolean pending = payment.status() == PaymentStatus.PENDING;
    if (pending && outcome == PaymentCallback.Outcome.SUCCEEDED) {
      tx.add(
              Action.PAYMENT,
              payments.move(payment, PaymentStatus.PENDING, PaymentStatus.SUCCEEDED, false))
          .add(Action.PASS, writes.activate(pass, payment, change, "paymentNo = :p"))
          .add(
              PaymentAudits.payment(
                  records,
                  payment.paymentNo(),
                  PaymentStatus.PENDING.name(),
                  PaymentStatus.SUCCEEDED.name(),
                  change))
          .add(auditPass(pass, PassStatus.PENDING_PAY.name(), PassStatus.ACTIVE.name(), change))
          .add(writes.sale(pass, change.at()));
    } else if (payment.status() == PaymentStatus.FAILED
        && outcome == PaymentCallback.Outcome.SUCCEEDED) {
      successAfterFailure(tx, eventId, payment, pass, change);
    } else if (pending && outcome == PaymentCallback.Outcome.FAILED) {
      // The member may pay again: the pass forgets the failed payment.
      tx.add(
              Action.PAYMENT,
              payments.move(payment, PaymentStatus.PENDING, PaymentStatus.FAILED, false))
          .add(Action.PASS, writes.passMove(pass, payment, "REMOVE paymentNo", Map.of()))
          .add(
              PaymentAudits.payment(
                  records,
                  payment.paymentNo(),
                  PaymentStatus.PENDING.name(),
                  PaymentStatus.FAILED.name(),
                  change));
    } else {
      tx.add(
          PaymentAudits.payment(
              records,
              payment.paymentNo(),
              payment.status().name(),
              payment.status().name(),
              change));
    }
    Optional<Transaction.Cancelled<Action>> cancelled = tx.commit(dynamo);
    if (cancelled.isEmpty()) {
      return Settled.APPLIED;
    }
    if (cancelled.get().failed(Action.EVENT) || cancelled.get().failed(Action.EXCEPTION)) {
      return Settled.DUPLICATE;
    }
    if (cancelled.get().failed(Action.PAYMENT) || cancelled.get().failed(Action.PASS)) {
      return Settled.STALE;
    }
    throw cancelled.get().exception();
  }

  /**
   * A success after the provider reported the payment FAILED: the money was taken after all. The
   * pass is activated by it if it still waits unpaid with no other payment; either way finance is
   * told (a pass that moved on leaves the amount for finance to refund: pass payments have no
   * provider refund yet).
   */
  private void successAfterFailure(
      Transaction<Action> tx, String eventId, Payment payment, Pass pass, Change change) {
    tx.add(
            Action.PAYMENT,
            payments.move(payment, PaymentStatus.FAILED, PaymentStatus.SUCCEEDED, false))
        .add(
            Action.EXCEPTION,
            exceptions.open(
                FinanceException.passSuccessAfterFailure(
                    eventId,
                    pass.plan().venueId(),
                    payment.paymentNo(),
                    payment.amount(),
                    change.at())))
        .add(
            PaymentAudits.payment(
                records,
                payment.paymentNo(),
                PaymentStatus.FAILED.name(),
                PaymentStatus.SUCCEEDED.name(),
                change));
    if (pass.status() == PassStatus.PENDING_PAY && pass.paymentNo().isEmpty()) {
      tx.add(Action.PASS, writes.activate(pass, payment, change, "attribute_not_exists(paymentNo)"))
          .add(auditPass(pass, PassStatus.PENDING_PAY.name(), PassStatus.ACTIVE.name(), change))
          .add(writes.sale(pass, change.at()));
    }
  }

  /** See {@link fairslot.pass.app.PassStore#refund}. */
  KeyedWrite refund(
      Pass read, Pass after, RefundPartPlan plan, Optional<Replayable> answer, Change change) {
    Transaction<Action> tx = new Transaction<Action>();
    answer.ifPresent(
        a -> tx.add(Action.KEY, replays.record(a.request(), a.response(), change.at())));
    tx.add(Action.PASS, writes.refund(read, after))
        .add(writes.refundRecord(read, plan.part(), change.at()))
        .add(auditPass(read, read.status().name(), read.status().name(), change));
    RefundPartActions.add(tx, Action.PAYMENT, Action.PART, plan, change, payments, records);
    Optional<Transaction.Cancelled<Action>> cancelled = tx.commit(dynamo);
    if (cancelled.isEmpty()) {
      return new KeyedWrite.Made();
    }
    if (cancelled.get().failed(Action.KEY)) {
      return IdempotencyWrites.keyTaken(
          cancelled.get().oldItem(Action.KEY), answer.get().request());
    }
    return new KeyedWrite.Moved();
  }

  private TransactWriteItem auditPass(Pass pass, String from, String to, Change change) {
    return records.audit(Keys.member(pass.userId()), "pass:" + pass.passId(), from, to, change);
  }
}
