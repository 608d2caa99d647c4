package fairslot.coupon.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.coupon.domain.Coupon;
import fairslot.coupon.domain.Discount;
import fairslot.kernel.Money;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A coupon under its venue ({@code VENUE#<id>}, {@code COUPON#<code>}): its terms, with validity as
 * epoch milliseconds so the redeeming transaction's condition can compare them, and the count.
 */
public final class CouponItemMapper {
  private CouponItemMapper() {}

  public static Map<String, AttributeValue> key(String venueId, String code) {
    return Attr.key(Keys.venue(venueId), Keys.coupon(code));
  }

  static Map<String, AttributeValue> useKey(String userId, String venueId, String code) {
    return Attr.key(Keys.member(userId), Keys.couponUse(venueId, code));
  }

  static Map<String, AttributeValue> toItem(Coupon c) {
    Map<String, AttributeValue> item = new HashMap<>(key(c.venueId(), c.code()));
    item.put("type", s("COUPON"));
    item.put("venueId", s(c.venueId()));
    item.put("code", s(c.code()));
    if (c.discount() instanceof Discount.PercentOff p) {
      item.put("percentOff", n(p.percent()));
    } else if (c.discount() instanceof Discount.AmountOff a) {
      item.put("amountOffMinor", n(a.amount().minor()));
    }
    c.currency().ifPresent(cur -> item.put("currency", s(cur)));
    item.put("maxRedemptions", n(c.maxRedemptions()));
    item.put("perMember", n(c.perMember()));
    item.put("validFrom", millis(c.validFrom()));
    item.put("validTo", millis(c.validTo()));
    c.minSpend().ifPresent(m -> item.put("minSpendMinor", n(m.minor())));
    if (!c.resourceIds().isEmpty()) {
      item.put("resourceIds", AttributeValue.builder().ss(c.resourceIds()).build());
    }
    item.put("createdAt", millis(c.createdAt()));
    item.put("redeemed", n(c.redeemed()));
    return item;
  }

  public static Coupon fromItem(Map<String, AttributeValue> item) {
    Optional<String> currency = Attr.optionalString(item, "currency");
    Discount discount =
        item.containsKey("percentOff")
            ? new Discount.PercentOff(Attr.integer(item, "percentOff"))
            : new Discount.AmountOff(
                new Money(Attr.num(item, "amountOffMinor"), currency.orElseThrow()));
    return new Coupon(
        Attr.str(item, "venueId"),
        Attr.str(item, "code"),
        discount,
        currency,
        Attr.integer(item, "maxRedemptions"),
        Attr.integer(item, "perMember"),
        Attr.instant(item, "validFrom"),
        Attr.instant(item, "validTo"),
        item.containsKey("minSpendMinor")
            ? Optional.of(new Money(Attr.num(item, "minSpendMinor"), currency.orElseThrow()))
            : Optional.empty(),
        item.containsKey("resourceIds") ? Set.copyOf(item.get("resourceIds").ss()) : Set.of(),
        Attr.instant(item, "createdAt"),
        Attr.integer(item, "redeemed"));
  }
}
