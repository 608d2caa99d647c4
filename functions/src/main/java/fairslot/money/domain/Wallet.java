package fairslot.money.domain;

/**
 * A member's stored value at one venue, in one currency (API.md v1.3 "One ledger"): principal and
 * bonus kept apart. Its balance always equals the sum of its ledger entries, since every change to
 * it is written in one transaction with its entry.
 */
public record Wallet(String userId, String venueId, String currency, WalletShare balance) {
  /** The provider name of payments taken from a wallet. */
  public static final String PROVIDER = "wallet";

  public static Wallet empty(String userId, String venueId, String currency) {
    return new Wallet(userId, venueId, currency, WalletShare.NONE);
  }

  public long balanceMinor() {
    return balance.totalMinor();
  }
}
