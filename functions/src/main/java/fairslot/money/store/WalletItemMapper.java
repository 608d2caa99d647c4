package fairslot.money.store;

import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.money.domain.LedgerEntry;
import fairslot.money.domain.Wallet;
import fairslot.money.domain.WalletShare;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A wallet item ({@code MEMBER#<userId>}, {@code WALLET#<venueId>}: principal, bonus, currency) and
 * its ledger entries ({@code WENTRY#<venueId>#<at>#<ref>}) in the member's partition.
 */
public final class WalletItemMapper {
  private WalletItemMapper() {}

  public static Map<String, AttributeValue> key(String userId, String venueId) {
    return Attr.key(Keys.member(userId), Keys.wallet(venueId));
  }

  /** The share a wallet payment took, beside the payment. */
  public static Map<String, AttributeValue> shareKey(String paymentNo) {
    return Attr.key(Keys.payment(paymentNo), "WALLETSHARE");
  }

  public static WalletShare shareFromItem(Map<String, AttributeValue> item) {
    return new WalletShare(Attr.num(item, "principalMinor"), Attr.num(item, "bonusMinor"));
  }

  public static Wallet fromItem(Map<String, AttributeValue> item) {
    return new Wallet(
        Attr.str(item, "userId"),
        Attr.str(item, "venueId"),
        Attr.str(item, "currency"),
        new WalletShare(Attr.numOr(item, "principalMinor", 0), Attr.numOr(item, "bonusMinor", 0)));
  }

  static Map<String, AttributeValue> entryItem(LedgerEntry e) {
    Map<String, AttributeValue> item =
        new HashMap<>(
            Attr.key(Keys.member(e.userId()), Keys.walletEntry(e.venueId(), e.at(), e.ref())));
    item.put("type", s("WALLET_ENTRY"));
    item.put("userId", s(e.userId()));
    item.put("venueId", s(e.venueId()));
    item.put("kind", s(e.kind()));
    item.put("principalDeltaMinor", n(e.principalDeltaMinor()));
    item.put("bonusDeltaMinor", n(e.bonusDeltaMinor()));
    item.put("currency", s(e.currency()));
    item.put("ref", s(e.ref()));
    item.put("at", Attr.millis(e.at()));
    // every entry of a venue's wallets by when, for its liabilities (moneyMoves index, own family)
    item.put("moneyShard", s(Keys.shard(LIABILITY_FAMILY + e.venueId(), e.ref())));
    item.put("moneyAt", Attr.millis(e.at()));
    return item;
  }

  /** The moneyMoves index family of a venue's wallet entries: {@code WLIAB#<venueId>#<n>}. */
  public static final String LIABILITY_FAMILY = "WLIAB#";

  /** The index partitions holding a venue's wallet entries. */
  public static List<String> liabilityShards(String venueId) {
    return IntStream.range(0, Keys.SHARDS)
        .mapToObj(n -> Keys.shard(LIABILITY_FAMILY + venueId, n))
        .toList();
  }

  public static LedgerEntry entryFromItem(Map<String, AttributeValue> item) {
    return new LedgerEntry(
        Attr.str(item, "userId"),
        Attr.str(item, "venueId"),
        Attr.str(item, "ref"),
        LedgerEntry.Kind.valueOf(Attr.str(item, "kind")),
        Attr.num(item, "principalDeltaMinor"),
        Attr.num(item, "bonusDeltaMinor"),
        Attr.str(item, "currency"),
        Attr.str(item, "ref"),
        Attr.instant(item, "at"));
  }
}
