package fairslot.membership.store;

import fairslot.catalog.store.VenueChecks;
import fairslot.kernel.Change;
import fairslot.membership.app.MembershipStore.Settled;
import fairslot.membership.app.MembershipStore.Start;
import fairslot.membership.domain.Membership;
import fairslot.money.domain.FinanceException;
import fairslot.money.domain.LedgerEntry;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentCallback;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.WalletShare;
import fairslot.money.store.ExceptionWrites;
import fairslot.money.store.PaymentAudits;
import fairslot.money.store.PaymentItemMapper;
import fairslot.money.store.PaymentWrites;
import fairslot.money.store.WalletWrites;
import fairslot.table.Keys;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import fairslot.table.TxItems;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A membership's payments, each one transaction: the first payment's start (the membership names
 * it) and settlement (a success makes it ACTIVE, a late one for a membership no longer waiting is
 * sent back and finance told), and a payment from the wallet (a first period or a renewal).
 */
final class MembershipPayments {
  private enum Action {
    EVENT,
    EXCEPTION,
    MEMBERSHIP,
    PAYMENT,
    VENUE,
    WALLET
  }

  private final DynamoDbClient dynamo;
  private final String table;
  private final PaymentWrites payments;
  private final MembershipWrites writes;
  private final WalletWrites wallets;
  private final RecordParts records;
  private final ExceptionWrites exceptions;

  MembershipPayments(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.payments = new PaymentWrites(table);
    this.writes = new MembershipWrites(table);
    this.wallets = new WalletWrites(table);
    this.records = new RecordParts(table);
    this.exceptions = new ExceptionWrites(table);
  }

  Start start(Membership m, Payment payment, Change change) {
    Optional<Transaction.Cancelled<Action>> cancelled =
        new Transaction<Action>()
            .add(Action.MEMBERSHIP, writes.namePayment(m, payment))
            .add(Action.PAYMENT, payments.create(payment))
            .add(payerLink(payment))
            .add(Action.VENUE, VenueChecks.sells(table, m.venueId()))
            .add(
                PaymentAudits.payment(
                    records, payment.paymentNo(), "-", PaymentStatus.PENDING.name(), change))
            .commit(dynamo);
    if (cancelled.isEmpty()) {
      return new Start.Started();
    }
    Optional<Membership> now =
        cancelled.get().oldItem(Action.MEMBERSHIP).map(MembershipItemMapper::fromItem);
    if (cancelled.get().failed(Action.MEMBERSHIP) && now.isPresent()) {
      return now.get().status() == Membership.Status.PENDING_PAY
              && now.get().paymentNo().isPresent()
          ? new Start.AlreadyStarted(now.get().paymentNo().get())
          : new Start.NotPayable(now.get());
    }
    if (cancelled.get().failed(Action.VENUE)) {
      return new Start.NotPayable(m);
    }
    throw cancelled.get().exception();
  }

  Settled settle(
      String eventId,
      Payment payment,
      Membership seen,
      Membership activated,
      PaymentCallback.Outcome outcome,
      Change change) {
    Transaction<Action> tx =
        new Transaction<Action>()
            .add(
                Action.EVENT,
                payments.rememberPaymentEvent(eventId, payment.paymentNo(), change.at()));
    PaymentStatus from = payment.status();
    boolean open = from == PaymentStatus.PENDING || from == PaymentStatus.FAILED;
    boolean waiting =
        seen.status() == Membership.Status.PENDING_PAY
            && seen.paymentNo().map(payment.paymentNo()::equals).orElse(true);
    PaymentStatus to = from;
    if (open && outcome == PaymentCallback.Outcome.SUCCEEDED && waiting) {
      to = PaymentStatus.SUCCEEDED;
      tx.add(Action.PAYMENT, payments.move(payment, from, to, false))
          .add(Action.MEMBERSHIP, writes.move(seen, activated))
          .add(audit(seen, activated, change));
    } else if (open && outcome == PaymentCallback.Outcome.SUCCEEDED) {
      // paid for a membership no longer waiting (cancelled, or paid meanwhile): sent back
      to = PaymentStatus.REFUNDING;
      tx.add(
              Action.PAYMENT,
              payments.requestRefund(
                  payment.paymentNo(), from.name(), change.at(), payment.amount()))
          .add(
              Action.EXCEPTION,
              exceptions.open(
                  FinanceException.open(
                      FinanceException.Kind.LATE_PAYMENT_REFUNDED,
                      eventId,
                      Optional.of(seen.venueId()),
                      Optional.empty(),
                      Optional.of(payment.paymentNo()),
                      payment.amount(),
                      change.at())));
    } else if (from == PaymentStatus.PENDING && outcome == PaymentCallback.Outcome.FAILED) {
      to = PaymentStatus.FAILED;
      tx.add(Action.PAYMENT, payments.move(payment, from, to, false));
      if (waiting && seen.paymentNo().isPresent()) {
        tx.add(Action.MEMBERSHIP, writes.forget(seen, payment));
      }
    }
    tx.add(PaymentAudits.payment(records, payment.paymentNo(), from.name(), to.name(), change));
    Optional<Transaction.Cancelled<Action>> cancelled = tx.commit(dynamo);
    if (cancelled.isEmpty()) {
      return Settled.APPLIED;
    }
    if (cancelled.get().failed(Action.EVENT) || cancelled.get().failed(Action.EXCEPTION)) {
      return Settled.DUPLICATE;
    }
    return Settled.STALE;
  }

  boolean fromWallet(
      Membership seen, Membership after, Payment payment, WalletShare share, Change change) {
    List<TransactWriteItem> debit =
        wallets.move(
            LedgerEntry.debit(
                payment.userId(),
                seen.venueId(),
                LedgerEntry.Kind.SPEND,
                share,
                payment.amount().currency(),
                payment.paymentNo(),
                change.at()));
    return new Transaction<Action>()
        .add(Action.MEMBERSHIP, writes.move(seen, after))
        .add(Action.PAYMENT, payments.create(payment))
        .add(payerLink(payment))
        .add(Action.WALLET, debit.get(0))
        .add(debit.get(1))
        .add(wallets.share(payment.paymentNo(), share))
        .add(audit(seen, after, change))
        .add(
            PaymentAudits.payment(
                records, payment.paymentNo(), "-", PaymentStatus.SUCCEEDED.name(), change))
        .commit(dynamo)
        .isEmpty();
  }

  /** Listed under its payer: their export and erasure find every period's payment by it. */
  private TransactWriteItem payerLink(Payment payment) {
    return TxItems.put(Put.builder().tableName(table).item(PaymentItemMapper.payerLink(payment)));
  }

  private TransactWriteItem audit(Membership seen, Membership after, Change change) {
    return records.audit(
        Keys.member(seen.userId()),
        Keys.membership(seen.membershipId()),
        seen.status().name(),
        after.status().name(),
        change);
  }
}
