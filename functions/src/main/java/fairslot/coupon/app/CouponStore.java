package fairslot.coupon.app;

import fairslot.coupon.domain.Coupon;
import fairslot.kernel.Change;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import java.util.Optional;

/**
 * Port: venues' coupons. A coupon's redemptions are taken and given back by the booking's own
 * transactions (coupon.store.CouponWrites), never here.
 */
public interface CouponStore {

  /** What a creation came to. */
  enum Creation {
    CREATED,
    /** The venue has a coupon with that code already. */
    CODE_TAKEN,
    /** The venue is disabled (or gone). */
    VENUE_CLOSED
  }

  /** The coupon, with its audit record, on condition the code is new and the venue active. */
  Creation create(Coupon coupon, Change change);

  /** As stored now, its count read consistently. */
  Optional<Coupon> find(String venueId, String code);

  Page<Coupon> couponsOf(String venueId, PageRequest page);
}
