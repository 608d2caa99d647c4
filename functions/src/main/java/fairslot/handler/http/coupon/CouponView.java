package fairslot.handler.http.coupon;

import com.fasterxml.jackson.annotation.JsonInclude;
import fairslot.coupon.domain.Coupon;
import fairslot.coupon.domain.Discount;
import fairslot.kernel.Money;
import fairslot.kernel.VenueTime;
import java.time.ZoneId;
import java.util.List;

/** A coupon as its venue's admin sees it: its terms, dates in the venue's zone, and its count. */
record CouponView(
    String venueId,
    String code,
    @JsonInclude(JsonInclude.Include.NON_NULL) Integer percentOff,
    @JsonInclude(JsonInclude.Include.NON_NULL) Long amountOffMinor,
    @JsonInclude(JsonInclude.Include.NON_NULL) String currency,
    int maxRedemptions,
    int perMember,
    String validFrom,
    String validTo,
    @JsonInclude(JsonInclude.Include.NON_NULL) Long minSpendMinor,
    List<String> resourceIds,
    int redeemed) {

  static CouponView of(Coupon c, ZoneId zone) {
    return new CouponView(
        c.venueId(),
        c.code(),
        c.discount() instanceof Discount.PercentOff p ? p.percent() : null,
        c.discount() instanceof Discount.AmountOff a ? a.amount().minor() : null,
        c.currency().orElse(null),
        c.maxRedemptions(),
        c.perMember(),
        VenueTime.show(c.validFrom(), zone),
        VenueTime.show(c.validTo(), zone),
        c.minSpend().map(Money::minor).orElse(null),
        c.resourceIds().stream().sorted().toList(),
        c.redeemed());
  }
}
