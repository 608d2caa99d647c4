package fairslot.wallet.store;

import fairslot.money.store.WalletWrites;
import fairslot.privacy.app.MemberDataPart;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.RawItems;
import fairslot.table.Transaction;
import fairslot.wallet.domain.TopUp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A member's wallets, their ledger entries and top-ups in their export and erasure. A wallet that
 * still holds money is the venue's debt to the member: it waits (the member closes it first, or
 * spends it). Once every wallet of theirs is empty, wallets, entries and top-ups move to the
 * pseudonym's partition, amounts and dates kept, so the ledger still adds up and the venue's
 * liabilities stand.
 */
public final class WalletMemberData implements MemberDataPart {
  private enum Action {
    MOVE
  }

  private final DynamoDbClient dynamo;
  private final String table;
  private final WalletWrites wallets;
  private final TopUpWrites topUps;

  public WalletMemberData(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.wallets = new WalletWrites(table);
    this.topUps = new TopUpWrites(table);
  }

  @Override
  public String name() {
    return "wallets";
  }

  @Override
  public List<Map<String, Object>> export(String userId) {
    return items(userId).stream().map(RawItems::plain).toList();
  }

  @Override
  public Step erase(String userId, String pseudonym) {
    List<Map<String, AttributeValue>> walletItems =
        RawItems.ofMember(dynamo, table, userId, Keys.wallet(""));
    long owed =
        walletItems.stream()
            .filter(w -> Attr.numOr(w, "principalMinor", 0) + Attr.numOr(w, "bonusMinor", 0) != 0)
            .count();
    if (owed > 0) {
      return new Step.Waiting(0, (int) owed);
    }
    int changed = 0;
    int inUse = 0;
    for (Map<String, AttributeValue> item : items(userId)) {
      String type = Attr.str(item, "type");
      boolean topUp = "TOP_UP".equals(type);
      if (topUp
          && !TopUp.Status.PAID.name().equals(Attr.str(item, "status"))
          && item.containsKey("paymentNo")) {
        inUse++; // its payment may still succeed and credit the wallet
        continue;
      }
      var move =
          topUp
              ? topUps.giveToPseudonym(item, pseudonym)
              : wallets.giveToPseudonym(item, pseudonym);
      if (new Transaction<Action>().addEach(Action.MOVE, move).commit(dynamo).isEmpty()) {
        changed++;
      } else {
        inUse++; // it moved since the read: judged again on the next run
      }
    }
    return inUse == 0 ? new Step.Finished(changed) : new Step.Waiting(changed, inUse);
  }

  /** Entries first, the wallet last: a run cut short leaves the wallet to find the rest by. */
  private List<Map<String, AttributeValue>> items(String userId) {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    items.addAll(RawItems.ofMember(dynamo, table, userId, Keys.topUp("")));
    items.addAll(RawItems.ofMember(dynamo, table, userId, "WENTRY#"));
    items.addAll(RawItems.ofMember(dynamo, table, userId, Keys.wallet("")));
    return items;
  }
}
