package fairslot.coupon.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.coupon.domain.Coupon;
import fairslot.table.TxItems;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * The one builder of a coupon's writes. A redemption is two counts moved in the caller's (the
 * booking's) transaction: the coupon's, on condition it is under {@code maxRedemptions} and valid
 * at that moment, and the member's, on condition it is under {@code perMember}; so no race redeems
 * past either limit. A redemption given back moves both down, in the transaction that ends the
 * booking unpaid, so it happens once with that move.
 */
public final class CouponWrites {
  /** The order of a redemption's two writes; a cancellation is read by it. */
  public static final int COUPON = 0;

  public static final int MEMBER = 1;

  private final String table;

  public CouponWrites(String table) {
    this.table = table;
  }

  /** A new coupon; refused when the venue has one with that code already. */
  public TransactWriteItem create(Coupon coupon) {
    return TxItems.put(
        Put.builder()
            .tableName(table)
            .item(CouponItemMapper.toItem(coupon))
            .conditionExpression("attribute_not_exists(PK)"));
  }

  /** One redemption by {@code userId}: [coupon, member]; the coupon's old item on a refusal. */
  public List<TransactWriteItem> redeem(
      String venueId, String code, String userId, int perMember, Instant now) {
    TransactWriteItem coupon =
        TxItems.update(
            Update.builder()
                .tableName(table)
                .key(CouponItemMapper.key(venueId, code))
                .updateExpression("SET redeemed = redeemed + :one")
                .conditionExpression(
                    "redeemed < maxRedemptions AND validFrom <= :now AND validTo > :now")
                .expressionAttributeValues(Map.of(":one", n(1), ":now", millis(now)))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD));
    TransactWriteItem member =
        TxItems.update(
            Update.builder()
                .tableName(table)
                .key(CouponItemMapper.useKey(userId, venueId, code))
                .updateExpression(
                    "ADD uses :one SET #type = :t, userId = :u, venueId = :v, code = :c")
                .conditionExpression("attribute_not_exists(uses) OR uses < :per")
                .expressionAttributeNames(Map.of("#type", "type"))
                .expressionAttributeValues(
                    Map.of(
                        ":one", n(1),
                        ":per", n(perMember),
                        ":t", s("COUPON_USE"),
                        ":u", s(userId),
                        ":v", s(venueId),
                        ":c", s(code))));
    return List.of(coupon, member);
  }

  /** One redemption given back: [coupon, member], each count on condition it is above 0. */
  public List<TransactWriteItem> giveBack(String venueId, String code, String userId) {
    return List.of(
        down(CouponItemMapper.key(venueId, code), "redeemed"),
        down(CouponItemMapper.useKey(userId, venueId, code), "uses"));
  }

  private TransactWriteItem down(Map<String, AttributeValue> key, String count) {
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(key)
            .updateExpression("SET #n = #n - :one")
            .conditionExpression("#n > :zero")
            .expressionAttributeNames(Map.of("#n", count))
            .expressionAttributeValues(Map.of(":one", n(1), ":zero", n(0))));
  }
}
