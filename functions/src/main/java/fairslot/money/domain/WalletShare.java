package fairslot.money.domain;

import java.math.BigInteger;
import java.util.Optional;

/**
 * An amount of a wallet split into its principal (money paid in) and its bonus (value given free),
 * API.md v1.3 "One ledger": a spend takes both in proportion to the balance, a refund gives back in
 * the proportion it was taken, and a closed wallet refunds only principal.
 */
public record WalletShare(long principalMinor, long bonusMinor) {
  public static final WalletShare NONE = new WalletShare(0, 0);

  public WalletShare {
    if (principalMinor < 0 || bonusMinor < 0) {
      throw new IllegalArgumentException("a share is never negative");
    }
  }

  public long totalMinor() {
    return Math.addExact(principalMinor, bonusMinor);
  }

  public WalletShare plus(WalletShare other) {
    return new WalletShare(
        Math.addExact(principalMinor, other.principalMinor),
        Math.addExact(bonusMinor, other.bonusMinor));
  }

  /** Whether this much can be taken from {@code balance}, part by part. */
  public boolean within(WalletShare balance) {
    return principalMinor <= balance.principalMinor && bonusMinor <= balance.bonusMinor;
  }

  /**
   * {@code amount} of this balance, principal and bonus in its proportion (the principal part
   * rounded half up, then kept within each part): empty when the balance holds less.
   */
  public Optional<WalletShare> take(long amount) {
    if (amount < 0 || amount > totalMinor()) {
      return Optional.empty();
    }
    return Optional.of(proportion(amount, this));
  }

  /**
   * {@code amount} (at most this share's total) back in this share's proportion: the refund of a
   * part of a wallet payment that took this share.
   */
  public WalletShare backOf(long amount) {
    if (amount < 0 || amount > totalMinor()) {
      throw new IllegalArgumentException(amount + " of a share of " + totalMinor());
    }
    return proportion(amount, this);
  }

  private static WalletShare proportion(long amount, WalletShare of) {
    long total = of.totalMinor();
    if (total == 0) {
      return NONE;
    }
    long principal =
        BigInteger.valueOf(amount)
            .multiply(BigInteger.valueOf(of.principalMinor))
            .multiply(BigInteger.TWO)
            .add(BigInteger.valueOf(total))
            .divide(BigInteger.valueOf(total).multiply(BigInteger.TWO))
            .longValueExact();
    principal = Math.min(principal, of.principalMinor);
    long bonus = amount - principal;
    if (bonus > of.bonusMinor) {
      principal += bonus - of.bonusMinor;
      bonus = of.bonusMinor;
    }
    return new WalletShare(principal, bonus);
  }
}
