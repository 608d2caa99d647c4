package fairslot.member.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.s;

import fairslot.member.app.WechatAccountStore;
import fairslot.member.domain.WechatUser;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.RawItems;
import fairslot.table.Transaction;
import fairslot.table.TxItems;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;

/**
 * A WeChat user's claim, {@code WXUSER#union#<unionid>} or {@code WXUSER#open#<openid>} / {@code
 * ACCOUNT}: the member it is. A claim is put on condition none exists, in one transaction with a
 * note in the member's partition ({@code WXCLAIM#<claim>}) through which the member's erasure finds
 * and deletes it; of sign-ins racing with one new user exactly one claim lands, and the others read
 * it. A user first seen by openid and later with a unionid keeps their member: the unionid's claim
 * is added to it.
 */
public final class DynamoDbWechatAccountStore implements WechatAccountStore {
  /** Names the one action a claim's cancellation is read back by. */
  private enum Action {
    CLAIM
  }

  private final DynamoDbClient dynamo;
  private final String table;

  public DynamoDbWechatAccountStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  static String unionClaim(String unionId) {
    return "WXUSER#union#" + unionId;
  }

  static String openClaim(String openId) {
    return "WXUSER#open#" + openId;
  }

  @Override
  public Account claim(WechatUser user, String newUserId, Instant at) {
    String open = openClaim(user.openId());
    Optional<String> union = user.unionId().map(DynamoDbWechatAccountStore::unionClaim);
    Optional<String> known = union.flatMap(this::owner).or(() -> owner(open));
    if (known.isPresent()) {
      // a unionid WeChat gives now for a member first seen by openid joins that member
      union.ifPresent(u -> put(u, known.get(), at));
      return new Account(known.get(), false);
    }
    String first = union.orElse(open);
    String winner = put(first, newUserId, at);
    if (!winner.equals(newUserId)) {
      return new Account(winner, false);
    }
    if (union.isPresent()) {
      put(open, newUserId, at);
    }
    return new Account(newUserId, true);
  }

  /** The member a claim names, read strongly. */
  private Optional<String> owner(String claim) {
    return RawItems.get(dynamo, table, Attr.key(claim, "ACCOUNT"))
        .flatMap(item -> Attr.optionalString(item, "userId"));
  }

  /** Puts the claim for {@code userId} unless one exists; the member the claim names after. */
  private String put(String claim, String userId, Instant at) {
    Map<String, AttributeValue> item = new HashMap<>(Attr.key(claim, "ACCOUNT"));
    item.put("type", s("WECHAT_ACCOUNT"));
    item.put("userId", s(userId));
    item.put("claimedAt", millis(at));
    Map<String, AttributeValue> note =
        new HashMap<>(Attr.key(Keys.member(userId), "WXCLAIM#" + claim));
    note.put("type", s("WECHAT_CLAIM"));
    note.put("claim", s(claim));
    Optional<Transaction.Cancelled<Action>> cancelled =
        new Transaction<Action>()
            .add(
                Action.CLAIM,
                TxItems.put(
                    Put.builder()
                        .tableName(table)
                        .item(item)
                        .conditionExpression("attribute_not_exists(PK)")))
            .add(TxItems.put(Put.builder().tableName(table).item(note)))
            .commit(dynamo);
    if (cancelled.isEmpty()) {
      return userId;
    }
    // claimed by a sign-in that raced this one (or this very write, its answer lost): read it
    return owner(claim).orElseThrow(() -> cancelled.get().exception());
  }
}
