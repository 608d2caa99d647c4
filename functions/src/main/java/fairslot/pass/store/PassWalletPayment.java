package fairslot.pass.store;

import fairslot.catalog.store.VenueChecks;
import fairslot.kernel.Change;
import fairslot.money.domain.LedgerEntry;
import fairslot.money.domain.Payment;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.PrepaidClaim;
import fairslot.money.domain.WalletShare;
import fairslot.money.store.PaymentAudits;
import fairslot.money.store.PaymentWrites;
import fairslot.money.store.PrepaidWrites;
import fairslot.money.store.WalletWrites;
import fairslot.pass.app.PassStore.WalletPay;
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.PassStatus;
import fairslot.table.Keys;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A pass paid from the member's wallet (v1.3 "One ledger"): the wallet payment, the pass made
 * ACTIVE with its sale record, and the wallet's debit with its SPEND entry and the share kept
 * beside the payment (a refund gives back in that proportion), in one transaction.
 */
final class PassWalletPayment {
  private enum Action {
    PASS,
    PAYMENT,
    PREPAID,
    VENUE,
    WALLET
  }

  private final DynamoDbClient dynamo;
  private final String table;
  private final PassWrites writes;
  private final WalletWrites wallets;
  private final PaymentWrites payments;
  private final RecordParts records;

  PassWalletPayment(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.writes = new PassWrites(table);
    this.wallets = new WalletWrites(table);
    this.payments = new PaymentWrites(table);
    this.records = new RecordParts(table);
  }

  WalletPay pay(
      Pass pass, Payment payment, WalletShare share, Optional<PrepaidClaim> claim, Change change) {
    String venueId = pass.plan().venueId();
    List<TransactWriteItem> debit =
        wallets.move(
            LedgerEntry.debit(
                pass.userId(),
                venueId,
                LedgerEntry.Kind.SPEND,
                share,
                payment.amount().currency(),
                payment.paymentNo(),
                change.at()));
    Transaction<Action> tx = new Transaction<>();
    claim.ifPresent(c -> tx.add(Action.PREPAID, new PrepaidWrites(table).claim(c)));
    Optional<Transaction.Cancelled<Action>> cancelled =
        tx.add(Action.PAYMENT, payments.create(payment))
            .add(
                Action.PASS,
                writes.activate(pass, payment, change, "attribute_not_exists(paymentNo)"))
            .add(Action.VENUE, VenueChecks.sells(table, venueId))
            .add(Action.WALLET, debit.get(0))
            .add(debit.get(1))
            .add(wallets.share(payment.paymentNo(), share))
            .add(
                PaymentAudits.payment(
                    records, payment.paymentNo(), "-", PaymentStatus.SUCCEEDED.name(), change))
            .add(
                records.audit(
                    Keys.member(pass.userId()),
                    "pass:" + pass.passId(),
                    PassStatus.PENDING_PAY.name(),
                    PassStatus.ACTIVE.name(),
                    change))
            .add(writes.sale(pass, change.at()))
            .commit(dynamo);
    if (cancelled.isEmpty()) {
      return WalletPay.PAID;
    }
    if (cancelled.get().failed(Action.PASS) || cancelled.get().failed(Action.PREPAID)) {
      return WalletPay.STALE;
    }
    if (cancelled.get().failed(Action.VENUE)) {
      return WalletPay.VENUE_DISABLED;
    }
    if (cancelled.get().failed(Action.WALLET)) {
      return WalletPay.SHORT_OF_FUNDS;
    }
    throw cancelled.get().exception();
  }
}
