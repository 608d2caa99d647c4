package fairslot.wallet.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.s;

import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.wallet.domain.TopUp;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A top-up item ({@code MEMBER#<userId>}, {@code TOPUP#<id>}): its plan's copy and status. */
final class TopUpItemMapper {
  private TopUpItemMapper() {}

  static Map<String, AttributeValue> key(String userId, String topUpId) {
    return Attr.key(Keys.member(userId), Keys.topUp(topUpId));
  }

  static Map<String, AttributeValue> toItem(TopUp t) {
    Map<String, AttributeValue> item = new HashMap<>(key(t.userId(), t.topUpId()));
    WalletPlanItemMapper.attributes(t.plan(), item);
    item.put("type", s("TOP_UP"));
    item.put("topUpId", s(t.topUpId()));
    item.put("userId", s(t.userId()));
    item.put("status", s(t.status().name()));
    t.paymentNo().ifPresent(p -> item.put("paymentNo", s(p)));
    item.put("createdAt", millis(t.createdAt()));
    return item;
  }

  static TopUp fromItem(Map<String, AttributeValue> item) {
    return new TopUp(
        Attr.str(item, "topUpId"),
        Attr.str(item, "userId"),
        WalletPlanItemMapper.fromItem(item),
        TopUp.Status.valueOf(Attr.str(item, "status")),
        Attr.optionalString(item, "paymentNo"),
        Attr.instant(item, "createdAt"));
  }
}
