package fairslot.memory;

import fairslot.catalog.domain.OperatingStatus;
import fairslot.coupon.app.CouponStore;
import fairslot.coupon.domain.Coupon;
import fairslot.kernel.Change;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import java.util.Comparator;
import java.util.Optional;

/** In-memory {@link CouponStore}; redemptions are counted by the booking fakes' placements. */
public final class MemoryCouponStore implements CouponStore {
  private final MemoryTables t;

  public MemoryCouponStore(MemoryTables t) {
    this.t = t;
  }

  @Override
  public Creation create(Coupon coupon, Change change) {
    synchronized (t.lock) {
      var venue = t.venues.get(coupon.venueId());
      if (venue == null || venue.status() == OperatingStatus.DISABLED) {
        return Creation.VENUE_CLOSED;
      }
      return t.coupons.putIfAbsent(coupon.venueId() + " " + coupon.code(), coupon) == null
          ? Creation.CREATED
          : Creation.CODE_TAKEN;
    }
  }

  @Override
  public Optional<Coupon> find(String venueId, String code) {
    synchronized (t.lock) {
      return Optional.ofNullable(t.coupons.get(venueId + " " + code));
    }
  }

  @Override
  public Page<Coupon> couponsOf(String venueId, PageRequest page) {
    synchronized (t.lock) {
      return new Page<>(
          t.coupons.values().stream()
              .filter(c -> c.venueId().equals(venueId))
              .sorted(Comparator.comparing(Coupon::code))
              .toList(),
          Optional.empty());
    }
  }
}
