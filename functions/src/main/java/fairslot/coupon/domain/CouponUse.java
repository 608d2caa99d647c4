package fairslot.coupon.domain;

import fairslot.kernel.Money;

/**
 * A coupon's redemption as a booking carries it: the code, the price it was taken on and what it
 * took off, and the per-member limit it was taken under (a late payment takes it again under the
 * same). {@code held}: whether the redemption counts now; a booking that ended unpaid gave it back.
 */
public record CouponUse(String code, Money base, Money off, int perMember, boolean held) {
  public CouponUse {
    if (off.minor() > base.minor()) {
      throw new IllegalArgumentException("a coupon takes off at most the price");
    }
  }

  public CouponUse(String code, Money base, Money off, int perMember) {
    this(code, base, off, perMember, true);
  }

  /** The same redemption, counted ({@code true}) or given back. */
  public CouponUse held(boolean counted) {
    return new CouponUse(code, base, off, perMember, counted);
  }

  /** What is paid: the price less the coupon's part. */
  public Money paid() {
    return new Money(base.minor() - off.minor(), base.currency());
  }

  /** The same money off another price (a reschedule), never more than that price. */
  public CouponUse on(Money price) {
    return new CouponUse(
        code,
        price,
        new Money(Math.min(off.minor(), price.minor()), price.currency()),
        perMember,
        held);
  }
}
