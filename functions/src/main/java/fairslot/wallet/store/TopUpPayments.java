package fairslot.wallet.store;

import fairslot.catalog.store.VenueChecks;
import fairslot.kernel.Change;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.LedgerEntry;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.PrepaidClaim;
import fairslot.money.store.ExceptionWrites;
import fairslot.money.store.PaymentAudits;
import fairslot.money.store.PaymentWrites;
import fairslot.money.store.PrepaidWrites;
import fairslot.money.store.WalletWrites;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import fairslot.wallet.app.WalletStore.Settled;
import fairslot.wallet.app.WalletStore.Start;
import fairslot.wallet.domain.TopUp;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A top-up's payment: its start (the top-up names it) and its settlement: a success marks the
 * top-up PAID and credits the wallet (entry and balance) in one transaction, exactly once.
 */
final class TopUpPayments {
  private enum Action {
    EVENT,
    EXCEPTION,
    PAYMENT,
    PREPAID,
    TOP_UP,
    VENUE,
    WALLET
  }

  private final DynamoDbClient dynamo;
  private final String table;
  private final PaymentWrites payments;
  private final TopUpWrites writes;
  private final WalletWrites wallets;
  private final RecordParts records;
  private final ExceptionWrites exceptions;
  private final PrepaidWrites prepaid;

  TopUpPayments(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.payments = new PaymentWrites(table);
    this.writes = new TopUpWrites(table);
    this.wallets = new WalletWrites(table);
    this.records = new RecordParts(table);
    this.exceptions = new ExceptionWrites(table);
    this.prepaid = new PrepaidWrites(table);
  }

  Start start(TopUp topUp, Payment payment, Optional<PrepaidClaim> claim, Change change) {
    Transaction<Action> tx = new Transaction<>();
    claim.ifPresent(c -> tx.add(Action.PREPAID, prepaid.claim(c)));
    Optional<Transaction.Cancelled<Action>> cancelled =
        tx.add(Action.TOP_UP, writes.namePayment(topUp, payment))
            .add(Action.PAYMENT, payments.create(payment))
            .add(Action.VENUE, VenueChecks.sells(table, topUp.venueId()))
            .add(
                PaymentAudits.payment(
                    records, payment.paymentNo(), "-", PaymentStatus.PENDING.name(), change))
            .commit(dynamo);
    if (cancelled.isEmpty()) {
      return new Start.Started();
    }
    Optional<TopUp> now = cancelled.get().oldItem(Action.TOP_UP).map(TopUpItemMapper::fromItem);
    if (cancelled.get().failed(Action.TOP_UP) && now.isPresent()) {
      return now.get().status() == TopUp.Status.PENDING_PAY && now.get().paymentNo().isPresent()
          ? new Start.AlreadyStarted(now.get().paymentNo().get())
          : new Start.NotPayable(now.get());
    }
    if (cancelled.get().failed(Action.VENUE)) {
      return new Start.NotPayable(topUp);
    }
    if (cancelled.get().failed(Action.PREPAID)) {
      return new Start.Contended();
    }
    throw cancelled.get().exception();
  }

  Settled settle(
      String eventId,
      Payment payment,
      TopUp topUp,
      PaymentCallback.Outcome outcome,
      Change change) {
    Transaction<Action> tx =
        new Transaction<Action>()
            .add(
                Action.EVENT,
                payments.rememberPaymentEvent(eventId, payment.paymentNo(), change.at()));
    PaymentStatus from = payment.status();
    boolean open = from == PaymentStatus.PENDING || from == PaymentStatus.FAILED;
    boolean creditable =
        topUp.status() == TopUp.Status.PENDING_PAY
            && topUp.paymentNo().map(payment.paymentNo()::equals).orElse(true);
    PaymentStatus to = from;
    if (open && outcome == PaymentCallback.Outcome.SUCCEEDED) {
      to = PaymentStatus.SUCCEEDED;
      tx.add(Action.PAYMENT, payments.move(payment, from, to, false));
      if (creditable) {
        tx.add(Action.TOP_UP, writes.paid(topUp, payment));
        var moves =
            wallets.move(
                LedgerEntry.credit(
                    topUp.userId(),
                    topUp.venueId(),
                    LedgerEntry.Kind.TOP_UP,
                    topUp.plan().credit(),
                    payment.amount().currency(),
                    payment.paymentNo(),
                    change.at()));
        tx.add(Action.WALLET, moves.get(0)).add(moves.get(1));
      } else {
        // paid, after a failure, for a top-up paid meanwhile by another payment: finance refunds it
        tx.add(
            Action.EXCEPTION,
            exceptions.open(
                FinanceException.passSuccessAfterFailure(
                    eventId, topUp.venueId(), payment.paymentNo(), payment.amount(), change.at())));
      }
    } else if (from == PaymentStatus.PENDING && outcome == PaymentCallback.Outcome.FAILED) {
      to = PaymentStatus.FAILED;
      tx.add(Action.PAYMENT, payments.move(payment, from, to, false))
          .add(Action.TOP_UP, writes.forget(topUp, payment));
    }
    tx.add(PaymentAudits.payment(records, payment.paymentNo(), from.name(), to.name(), change));
    Optional<Transaction.Cancelled<Action>> cancelled = tx.commit(dynamo);
    if (cancelled.isEmpty()) {
      return Settled.APPLIED;
    }
    if (cancelled.get().failed(Action.EVENT) || cancelled.get().failed(Action.EXCEPTION)) {
      return Settled.DUPLICATE;
    }
    if (cancelled.get().failed(Action.WALLET)) {
      // a wallet of another currency at this venue: the money is finance's to return
      throw new IllegalStateException("wallet currency differs for top-up " + topUp.topUpId());
    }
    return Settled.STALE;
  }
}
