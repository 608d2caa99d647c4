package fairslot.wallet.domain;

import fairslot.kernel.Money;
import fairslot.money.domain.WalletShare;
import java.time.Instant;

/**
 * Stored value a venue sells (API.md v1.3 "One ledger"): pay {@code pay}, get {@code pay + bonus}
 * to spend there ("pay ¥1,000, get ¥1,100"). A plan never changes; a top-up keeps a copy.
 */
public record WalletPlan(
    String planId, String venueId, String name, Money pay, long bonusMinor, Instant createdAt) {
  /** A bonus above ten times the price is taken for a typo, not a promotion. */
  public static final int MAX_BONUS_TIMES = 10;

  public WalletPlan {
    checkTerms(pay.minor(), bonusMinor);
  }

  /** Throws IllegalArgumentException for amounts out of the contract's range. */
  public static void checkTerms(long payMinor, long bonusMinor) {
    if (payMinor < 1) {
      throw new IllegalArgumentException("payMinor must be at least 1");
    }
    if (bonusMinor < 0 || bonusMinor > payMinor * MAX_BONUS_TIMES) {
      throw new IllegalArgumentException("bonusMinor must be from 0 to ten times payMinor");
    }
  }

  /** What a paid top-up of this plan adds to the wallet. */
  public WalletShare credit() {
    return new WalletShare(pay.minor(), bonusMinor);
  }
}
