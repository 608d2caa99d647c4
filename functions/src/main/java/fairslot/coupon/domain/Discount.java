package fairslot.coupon.domain;

import fairslot.kernel.Money;

/** What a coupon takes off a price: a percentage, or an amount in the price's currency. */
public sealed interface Discount permits Discount.PercentOff, Discount.AmountOff {

  /** What comes off {@code price}: never more than the price itself. */
  Money on(Money price);

  /** {@code percent} of the price, rounded down: the venue never gives more than it said. */
  record PercentOff(int percent) implements Discount {
    public PercentOff {
      if (percent < 1 || percent > 100) {
        throw new IllegalArgumentException("percentOff must be from 1 to 100");
      }
    }

    @Override
    public Money on(Money price) {
      return new Money(Math.multiplyExact(price.minor(), percent) / 100, price.currency());
    }
  }

  record AmountOff(Money amount) implements Discount {
    public AmountOff {
      if (amount.minor() < 1) {
        throw new IllegalArgumentException("amountOffMinor must be at least 1");
      }
    }

    @Override
    public Money on(Money price) {
      return new Money(Math.min(amount.minor(), price.minor()), price.currency());
    }
  }
}
