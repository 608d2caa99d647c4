package fairslot.money.store;

import static fairslot.table.Attr.s;

import fairslot.kernel.Change;
import fairslot.kernel.Money;
import fairslot.money.domain.LedgerEntry;
import fairslot.money.domain.PaymentStatus;
import fairslot.money.domain.WalletPart;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.RawItems;
import fairslot.table.RecordParts;
import fairslot.table.TxItems;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A split payment's wallet part (v1.3 "One ledger", {@code rest}), its writes and its one read. The
 * provider payment's partition holds an immutable link ({@code PAYMENT#<rest>}, {@code WALLETPART})
 * naming the wallet payment; every end of the part is a move of the wallet payment out of
 * SUCCEEDED, so whichever of the rest's failure, the hold's end or a late refund comes first gives
 * it back, and the others find it gone.
 */
public final class WalletParts {
  private static final String LINK_SK = "WALLETPART";

  private final String table;
  private final PaymentWrites payments;
  private final WalletWrites wallets;
  private final RecordParts records;

  public WalletParts(String table) {
    this.table = table;
    this.payments = new PaymentWrites(table);
    this.wallets = new WalletWrites(table);
    this.records = new RecordParts(table);
  }

  /**
   * The part taken, in the transaction that starts the rest's payment: the wallet payment, its
   * debit and ledger entry (the first item carries the balance's condition), its share and the
   * link.
   */
  public List<TransactWriteItem> take(WalletPart part, Change change) {
    var w = part.payment();
    List<TransactWriteItem> moves =
        wallets.move(
            LedgerEntry.debit(
                w.userId(),
                part.venueId(),
                LedgerEntry.Kind.SPEND,
                part.taken(),
                w.amount().currency(),
                w.paymentNo(),
                change.at()));
    List<TransactWriteItem> all = new ArrayList<>(moves);
    all.add(payments.create(w));
    all.add(wallets.share(w.paymentNo(), part.taken()));
    Map<String, AttributeValue> link =
        new HashMap<>(Attr.key(Keys.payment(part.providerPaymentNo()), LINK_SK));
    link.put("type", s("WALLET_PART"));
    link.put("walletPaymentNo", s(w.paymentNo()));
    link.put("venueId", s(part.venueId()));
    all.add(
        TxItems.put(
            Put.builder()
                .tableName(table)
                .item(link)
                .conditionExpression("attribute_not_exists(PK)")));
    all.add(
        PaymentAudits.payment(records, w.paymentNo(), "-", PaymentStatus.SUCCEEDED.name(), change));
    return all;
  }

  /**
   * The wallet part of the provider payment {@code providerPaymentNo}, read strongly; empty if
   * none.
   */
  public Optional<WalletPart> find(DynamoDbClient dynamo, String providerPaymentNo) {
    return RawItems.get(dynamo, table, Attr.key(Keys.payment(providerPaymentNo), LINK_SK))
        .flatMap(
            link -> {
              String no = Attr.str(link, "walletPaymentNo");
              var payment =
                  RawItems.get(dynamo, table, PaymentItemMapper.key(no, 0))
                      .map(PaymentItemMapper::fromItem);
              var share =
                  RawItems.get(dynamo, table, WalletItemMapper.shareKey(no))
                      .map(WalletItemMapper::shareFromItem);
              if (payment.isEmpty() || share.isEmpty()) {
                throw new IllegalStateException("wallet part " + no + " of " + providerPaymentNo);
              }
              return Optional.of(
                  new WalletPart(
                      providerPaymentNo, payment.get(), share.get(), Attr.str(link, "venueId")));
            });
  }

  /**
   * The part given back whole: the wallet payment SUCCEEDED to REFUNDED (first, the condition that
   * makes it once) and its share credited back with a REFUND entry.
   */
  public List<TransactWriteItem> giveBack(WalletPart part, Change change) {
    var w = part.payment();
    List<TransactWriteItem> all = new ArrayList<>();
    all.add(payments.move(w, PaymentStatus.SUCCEEDED, PaymentStatus.REFUNDED, true));
    all.addAll(
        wallets.move(
            LedgerEntry.credit(
                w.userId(),
                part.venueId(),
                LedgerEntry.Kind.REFUND,
                part.taken(),
                w.amount().currency(),
                w.refundNo(),
                change.at())));
    all.add(
        PaymentAudits.payment(
            records,
            w.paymentNo(),
            PaymentStatus.SUCCEEDED.name(),
            PaymentStatus.REFUNDED.name(),
            change));
    return all;
  }

  /** The part still taken, as the provider payment's success buys the booking with it. */
  public TransactWriteItem stillTaken(WalletPart part) {
    return TxItems.check(
        ConditionCheck.builder()
            .tableName(table)
            .key(PaymentItemMapper.key(part.payment().paymentNo(), 0))
            .conditionExpression("#status = :taken")
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(Map.of(":taken", s(PaymentStatus.SUCCEEDED))));
  }

  /**
   * {@code share} of a paid booking's refund owed back to the wallet, refunded like any payment.
   */
  public List<TransactWriteItem> requestRefund(WalletPart part, long share, Change change) {
    var w = part.payment();
    return List.of(
        payments.requestRefund(
            w.paymentNo(),
            PaymentStatus.SUCCEEDED.name(),
            change.at(),
            new Money(share, w.amount().currency())),
        PaymentAudits.payment(
            records,
            w.paymentNo(),
            PaymentStatus.SUCCEEDED.name(),
            PaymentStatus.REFUNDING.name(),
            change));
  }
}
