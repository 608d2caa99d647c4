package fairslot.payment.store;

import fairslot.money.domain.LedgerEntry;
import fairslot.money.domain.Payment;
import fairslot.money.domain.WalletPart;
import fairslot.money.domain.WalletShare;
import fairslot.money.store.WalletItemMapper;
import fairslot.money.store.WalletParts;
import fairslot.money.store.WalletWrites;
import fairslot.payment.app.PaymentProviders;
import fairslot.payment.app.Settlement;
import fairslot.table.RawItems;
import fairslot.table.Transaction;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A wallet's side of a settlement (v1.3 "One ledger"): a payment from the wallet debits it (and
 * keeps the share it took beside the payment); a refund of a wallet payment credits it back in the
 * proportion it was taken. Both ride in the settlement's one transaction, so each happens exactly
 * as often as the payment's own move: once.
 */
final class WalletSettlements {
  private final DynamoDbClient dynamo;
  private final String table;
  private final WalletWrites wallets;
  private final WalletParts parts;

  WalletSettlements(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.wallets = new WalletWrites(table);
    this.parts = new WalletParts(table);
  }

  /** The wallet debited by what {@code w} takes, under {@code wallet}'s action name. */
  <A extends Enum<A>> void pay(Transaction<A> tx, A wallet, Settlement.PaidFromWallet w) {
    Payment p = w.payment();
    List<TransactWriteItem> moves =
        wallets.move(
            LedgerEntry.debit(
                p.userId(),
                w.booking().slot().venueId(),
                LedgerEntry.Kind.SPEND,
                w.share(),
                p.amount().currency(),
                p.paymentNo(),
                w.change().at()));
    tx.add(wallet, moves.get(0)).add(moves.get(1)).add(wallets.share(p.paymentNo(), w.share()));
  }

  /** A split payment's wallet part, when the rest's payment {@code s} settles (v1.3 rest). */
  Optional<WalletPart> part(Settlement s) {
    return s.payment().isPart() || PaymentProviders.WALLET.equals(s.payment().provider())
        ? Optional.empty()
        : parts.find(dynamo, s.payment().paymentNo());
  }

  /**
   * The rest unpaid or sent back: its wallet part goes back whole, if nothing gave it back yet
   * (under {@code action}: the part's move, so a give-back meanwhile cancels this one).
   */
  <A extends Enum<A>> void giveBackPart(Transaction<A> tx, A action, Settlement s) {
    giveBack(tx, action, part(s), s);
  }

  /**
   * A booking paid at the desk while a split payment's rest was under way: the whole price is taken
   * there, so that rest's wallet part goes back with it (the rest, if it pays after all, is sent
   * back as any late payment).
   */
  <A extends Enum<A>> void giveBackPartOfStarted(
      Transaction<A> tx, A action, Optional<String> startedPaymentNo, Settlement s) {
    giveBack(tx, action, startedPaymentNo.flatMap(no -> parts.find(dynamo, no)), s);
  }

  private <A extends Enum<A>> void giveBack(
      Transaction<A> tx, A action, Optional<WalletPart> part, Settlement s) {
    part.filter(WalletPart::isTaken)
        .ifPresent(
            w -> {
              List<TransactWriteItem> back = parts.giveBack(w, s.change());
              tx.add(action, back.get(0));
              back.subList(1, back.size()).forEach(tx::add);
            });
  }

  /** A refund of a wallet payment (its own, or a part) credited back, if {@code r}'s is one. */
  void refund(Transaction<?> tx, Settlement.Refunded r) {
    Payment p = r.payment();
    if (!PaymentProviders.WALLET.equals(p.provider())) {
      return;
    }
    // the share the payment took: an immutable item, written with the payment
    WalletShare taken =
        RawItems.get(dynamo, table, WalletItemMapper.shareKey(p.paymentNo()))
            .map(WalletItemMapper::shareFromItem)
            .orElseThrow(() -> new IllegalStateException("wallet payment " + p.paymentNo()));
    long amount = Math.min(p.refund().minor(), taken.totalMinor());
    List<TransactWriteItem> moves =
        wallets.move(
            LedgerEntry.credit(
                p.userId(),
                r.subject().venueId(),
                LedgerEntry.Kind.REFUND,
                taken.backOf(amount),
                p.refund().currency(),
                p.refundNo(),
                r.change().at()));
    moves.forEach(tx::add);
  }
}
