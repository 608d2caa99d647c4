package fairslot.wallet.store;

import fairslot.kernel.Change;
import fairslot.money.domain.LedgerEntry;
import fairslot.money.domain.RefundPartPlan;
import fairslot.money.store.PaymentWrites;
import fairslot.money.store.RefundPartActions;
import fairslot.money.store.WalletWrites;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A wallet closed (v1.3 "One ledger"): the wallet emptied with its CLOSE entry and each refund part
 * of its top-ups' payments put, in one transaction; the refund job pays them back.
 */
final class WalletClosing {
  /** A transaction holds 100 items: the wallet, its entry, and three per part. */
  static final int MAX_PARTS = 30;

  private enum Action {
    ENTRY,
    WALLET
  }

  private final DynamoDbClient dynamo;
  private final WalletWrites wallets;
  private final PaymentWrites payments;
  private final RecordParts records;

  WalletClosing(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.wallets = new WalletWrites(table);
    this.payments = new PaymentWrites(table);
    this.records = new RecordParts(table);
  }

  boolean close(LedgerEntry entry, List<RefundPartPlan> parts, Change change) {
    if (parts.size() > MAX_PARTS) {
      throw new IllegalArgumentException("at most " + MAX_PARTS + " parts in one close");
    }
    List<TransactWriteItem> emptied = wallets.close(entry);
    Transaction<Action> tx =
        new Transaction<Action>()
            .add(Action.WALLET, emptied.get(0))
            .add(Action.ENTRY, emptied.get(1));
    for (RefundPartPlan plan : parts) {
      // a payment moved since it was read cancels the close: the caller reads again
      RefundPartActions.add(tx, plan, change, payments, records);
    }
    return tx.commit(dynamo).isEmpty();
  }
}
