package fairslot.booking.store;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.store.BookingRelease.Action;
import fairslot.kernel.Change;
import fairslot.kernel.Money;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.WalletPart;
import fairslot.money.store.PaymentAudits;
import fairslot.money.store.PaymentWrites;
import fairslot.money.store.WalletParts;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A release's money, in its transaction: a paid booking's refund requested (split between a split
 * payment's wallet part and its rest, v1.3 {@code rest}), or an unpaid one's wallet part given
 * back.
 */
final class ReleaseMoney {
  private final DynamoDbClient dynamo;
  private final PaymentWrites payments;
  private final RecordParts records;
  private final WalletParts walletParts;

  ReleaseMoney(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.payments = new PaymentWrites(table);
    this.records = new RecordParts(table);
    this.walletParts = new WalletParts(table);
  }

  void add(Transaction<Action> tx, Booking b, BookingStatus to, Change change) {
    if (to == BookingStatus.REFUNDING) {
      String paymentNo =
          b.paymentNo()
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "PAID booking " + b.bookingId() + " has no payment to refund"));
      // a split payment (v1.3 rest): the wallet's part of the refund in its proportion, the
      // provider's the rest
      Optional<WalletPart> part = walletParts.find(dynamo, paymentNo).filter(WalletPart::isTaken);
      long toWallet =
          part.map(w -> w.refundShare(b.owedBack().minor(), b.total().minor())).orElse(0L);
      tx.add(
              Action.REFUND,
              payments.requestRefund(
                  paymentNo,
                  PaymentStatus.SUCCEEDED.name(),
                  change.at(),
                  new Money(b.owedBack().minor() - toWallet, b.owedBack().currency())))
          .add(
              PaymentAudits.payment(
                  records,
                  paymentNo,
                  PaymentStatus.SUCCEEDED.name(),
                  PaymentStatus.REFUNDING.name(),
                  change));
      if (toWallet > 0) {
        List<TransactWriteItem> back = walletParts.requestRefund(part.get(), toWallet, change);
        tx.add(Action.WALLET_PART, back.get(0)).add(back.get(1));
      }
    }
    if (b.status() == BookingStatus.PENDING_PAY && b.paymentNo().isPresent()) {
      // ends unpaid: a split payment's wallet part comes back whole, unless its rest's failure
      // gave it back first
      walletParts
          .find(dynamo, b.paymentNo().get())
          .filter(WalletPart::isTaken)
          .ifPresent(
              part -> {
                List<TransactWriteItem> back = walletParts.giveBack(part, change);
                tx.add(Action.WALLET_PART, back.get(0));
                back.subList(1, back.size()).forEach(tx::add);
              });
    }
  }
}
