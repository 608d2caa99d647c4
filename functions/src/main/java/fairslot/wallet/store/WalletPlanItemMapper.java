package fairslot.wallet.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.kernel.Money;
import fairslot.table.Attr;
import fairslot.wallet.domain.WalletPlan;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A wallet plan's attributes: written under its own key and under its venue (a plan never changes),
 * and copied into each top-up of it.
 */
final class WalletPlanItemMapper {
  private WalletPlanItemMapper() {}

  static Map<String, AttributeValue> toItem(WalletPlan p, String pk, String sk) {
    Map<String, AttributeValue> item = new HashMap<>(Attr.key(pk, sk));
    attributes(p, item);
    item.put("type", s("WALLET_PLAN"));
    return item;
  }

  static void attributes(WalletPlan p, Map<String, AttributeValue> item) {
    item.put("planId", s(p.planId()));
    item.put("venueId", s(p.venueId()));
    item.put("name", s(p.name()));
    item.put("payMinor", n(p.pay().minor()));
    item.put("bonusMinor", n(p.bonusMinor()));
    item.put("currency", s(p.pay().currency()));
    item.put("planCreatedAt", millis(p.createdAt()));
  }

  static WalletPlan fromItem(Map<String, AttributeValue> item) {
    return new WalletPlan(
        Attr.str(item, "planId"),
        Attr.str(item, "venueId"),
        Attr.str(item, "name"),
        new Money(Attr.num(item, "payMinor"), Attr.str(item, "currency")),
        Attr.num(item, "bonusMinor"),
        Attr.instant(item, "planCreatedAt"));
  }
}
