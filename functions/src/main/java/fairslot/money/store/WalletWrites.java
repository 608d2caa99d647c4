package fairslot.money.store;

import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.money.domain.LedgerEntry;
import fairslot.money.domain.WalletShare;
import fairslot.table.Keys;
import fairslot.table.TxItems;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * The one builder of a wallet's writes: every change is its ledger entry put and the wallet's
 * balance moved by exactly the entry's amounts, both in the caller's transaction. A credit makes
 * the wallet if it has none yet (in the entry's currency); a debit holds only while each part of
 * the balance covers its part, so no race takes a balance below zero and none loses an entry.
 */
public final class WalletWrites {
  private final String table;

  public WalletWrites(String table) {
    this.table = table;
  }

  /**
   * What a wallet payment took, kept beside the payment ({@code PAYMENT#<no>}, {@code
   * WALLETSHARE}): its refunds give back in this proportion. Written once, in the paying
   * transaction.
   */
  public TransactWriteItem share(String paymentNo, WalletShare taken) {
    Map<String, AttributeValue> item = new HashMap<>(WalletItemMapper.shareKey(paymentNo));
    item.put("type", s("WALLET_SHARE"));
    item.put("principalMinor", n(taken.principalMinor()));
    item.put("bonusMinor", n(taken.bonusMinor()));
    return TxItems.put(
        Put.builder().tableName(table).item(item).conditionExpression("attribute_not_exists(PK)"));
  }

  /**
   * The wallet emptied by {@code entry} (a close) and the entry put: [wallet, entry]; on condition
   * the balance is still exactly what the entry takes, so a spend or top-up meanwhile cancels it.
   */
  public List<TransactWriteItem> close(LedgerEntry entry) {
    TransactWriteItem wallet =
        TxItems.update(
            Update.builder()
                .tableName(table)
                .key(WalletItemMapper.key(entry.userId(), entry.venueId()))
                .updateExpression("ADD principalMinor :p, bonusMinor :b")
                .conditionExpression(
                    "currency = :c AND principalMinor >= :needP AND bonusMinor = :needB")
                .expressionAttributeValues(
                    Map.of(
                        ":p", n(entry.principalDeltaMinor()),
                        ":b", n(entry.bonusDeltaMinor()),
                        ":c", s(entry.currency()),
                        ":needP", n(-entry.principalDeltaMinor()),
                        ":needB", n(-entry.bonusDeltaMinor()))));
    TransactWriteItem put =
        TxItems.put(
            Put.builder()
                .tableName(table)
                .item(WalletItemMapper.entryItem(entry))
                .conditionExpression("attribute_not_exists(PK)"));
    return List.of(wallet, put);
  }

  /** The wallet moved by {@code entry} and the entry put: [wallet, entry]. */
  public List<TransactWriteItem> move(LedgerEntry entry) {
    boolean debit = entry.principalDeltaMinor() < 0 || entry.bonusDeltaMinor() < 0;
    String condition =
        debit
            ? "currency = :c AND principalMinor >= :needP AND bonusMinor >= :needB"
            : "attribute_not_exists(currency) OR currency = :c";
    Map<String, AttributeValue> values =
        debit
            ? Map.of(
                ":p", n(entry.principalDeltaMinor()),
                ":b", n(entry.bonusDeltaMinor()),
                ":c", s(entry.currency()),
                ":needP", n(-entry.principalDeltaMinor()),
                ":needB", n(-entry.bonusDeltaMinor()),
                ":u", s(entry.userId()),
                ":v", s(entry.venueId()),
                ":t", s("WALLET"))
            : Map.of(
                ":p", n(entry.principalDeltaMinor()),
                ":b", n(entry.bonusDeltaMinor()),
                ":c", s(entry.currency()),
                ":u", s(entry.userId()),
                ":v", s(entry.venueId()),
                ":t", s("WALLET"));
    TransactWriteItem wallet =
        TxItems.update(
            Update.builder()
                .tableName(table)
                .key(WalletItemMapper.key(entry.userId(), entry.venueId()))
                .updateExpression(
                    "ADD principalMinor :p, bonusMinor :b"
                        + " SET currency = :c, userId = :u, venueId = :v, #type = :t")
                .conditionExpression(condition)
                .expressionAttributeNames(Map.of("#type", "type"))
                .expressionAttributeValues(values));
    TransactWriteItem put =
        TxItems.put(
            Put.builder()
                .tableName(table)
                .item(WalletItemMapper.entryItem(entry))
                .conditionExpression("attribute_not_exists(PK)"));
    return List.of(wallet, put);
  }

  /**
   * An erased member's wallet or ledger entry, as read, moved to the pseudonym's partition:
   * [delete, put]. A wallet moves only empty (condition: both parts 0); an entry never changes.
   */
  public List<TransactWriteItem> giveToPseudonym(
      Map<String, AttributeValue> read, String pseudonym) {
    Map<String, AttributeValue> moved = new HashMap<>(read);
    moved.put(Keys.PK, s(Keys.member(pseudonym)));
    moved.put("userId", s(pseudonym));
    boolean wallet = "WALLET".equals(read.get("type").s());
    Delete.Builder delete =
        Delete.builder()
            .tableName(table)
            .key(Map.of(Keys.PK, read.get(Keys.PK), Keys.SK, read.get(Keys.SK)));
    if (wallet) {
      delete
          .conditionExpression("principalMinor = :zero AND bonusMinor = :zero")
          .expressionAttributeValues(Map.of(":zero", n(0)));
    } else {
      delete.conditionExpression("attribute_exists(PK)");
    }
    return List.of(
        TxItems.delete(delete),
        TxItems.put(
            Put.builder()
                .tableName(table)
                .item(moved)
                .conditionExpression("attribute_not_exists(PK)")));
  }
}
