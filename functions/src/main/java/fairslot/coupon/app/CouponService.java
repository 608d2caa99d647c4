package fairslot.coupon.app;

import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.Venue;
import fairslot.coupon.domain.Coupon;
import fairslot.coupon.domain.Discount;
import fairslot.kernel.Change;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;
import java.util.Set;

/**
 * Venues' coupons (API.md v1.3 "Coupons"): made by the venue's admin, judged for a booking here,
 * redeemed in the booking's own transaction.
 */
public final class CouponService {
  private final CouponStore coupons;
  private final CatalogStore catalog;
  private final Clock clock;

  public CouponService(CouponStore coupons, CatalogStore catalog, Clock clock) {
    this.coupons = coupons;
    this.catalog = catalog;
    this.clock = clock;
  }

  /** The terms a venue's admin asks for, as parsed. */
  public record Terms(
      String code,
      Discount discount,
      Optional<String> currency,
      int maxRedemptions,
      int perMember,
      Instant validFrom,
      Instant validTo,
      Optional<Money> minSpend,
      Set<String> resourceIds) {}

  public Outcome<Coupon> create(String admin, String venueId, Terms t) {
    if (catalog.findVenue(venueId).isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no venue " + venueId);
    }
    for (String resourceId : t.resourceIds()) {
      boolean ours =
          catalog.findResource(resourceId).map(r -> r.venueId().equals(venueId)).orElse(false);
      if (!ours) {
        return Outcome.refused(
            Refusal.INVALID_REQUEST, "no resource " + resourceId + " at this venue");
      }
    }
    Instant now = clock.instant();
    Coupon coupon;
    try {
      coupon =
          new Coupon(
              venueId,
              t.code(),
              t.discount(),
              t.currency(),
              t.maxRedemptions(),
              t.perMember(),
              t.validFrom(),
              t.validTo(),
              t.minSpend(),
              t.resourceIds(),
              now,
              0);
    } catch (IllegalArgumentException outOfRange) {
      return Outcome.refused(Refusal.INVALID_REQUEST, outOfRange.getMessage());
    }
    return switch (coupons.create(coupon, Change.by(admin, now, "coupon created"))) {
      case CREATED -> Outcome.done(coupon);
      case CODE_TAKEN ->
          Outcome.refused(
              Refusal.COUPON_CODE_TAKEN, "the venue has a coupon " + coupon.code() + " already");
      case VENUE_CLOSED -> Outcome.refused(Refusal.DISABLED, "the venue is disabled");
    };
  }

  /** The venue's zone, which its coupons' dates are shown in. */
  public Optional<ZoneId> zoneOf(String venueId) {
    return catalog.findVenue(venueId).map(Venue::timeZone);
  }

  public Page<Coupon> coupons(String venueId, PageRequest page) {
    return coupons.couponsOf(venueId, page);
  }
}
