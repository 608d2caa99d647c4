package fairslot.money.domain;

import java.time.Instant;

/**
 * One money movement of a wallet, immutable, written in the same transaction as the change it
 * records: {@code delta} is added to the balance (a spend's is negative, part by part). {@code ref}
 * names what moved it: the top-up's payment, the paying payment, the refund's number.
 */
public record LedgerEntry(
    String userId,
    String venueId,
    String entryId,
    Kind kind,
    long principalDeltaMinor,
    long bonusDeltaMinor,
    String currency,
    String ref,
    Instant at) {

  public enum Kind {
    /** Money paid in, with the plan's bonus. */
    TOP_UP,
    /** A booking, pass or membership paid from the wallet. */
    SPEND,
    /** A wallet payment's refund, back in the proportion it was taken. */
    REFUND,
    /** The wallet closed: its principal refunded to its top-ups' payments, its bonus forfeited. */
    CLOSE
  }

  /** {@code share} added to the wallet. */
  public static LedgerEntry credit(
      String userId,
      String venueId,
      Kind kind,
      WalletShare share,
      String currency,
      String ref,
      Instant at) {
    return moved(userId, venueId, kind, share, 1, currency, ref, at);
  }

  /** {@code share} taken from the wallet. */
  public static LedgerEntry debit(
      String userId,
      String venueId,
      Kind kind,
      WalletShare share,
      String currency,
      String ref,
      Instant at) {
    return moved(userId, venueId, kind, share, -1, currency, ref, at);
  }

  private static LedgerEntry moved(
      String userId,
      String venueId,
      Kind kind,
      WalletShare share,
      int sign,
      String currency,
      String ref,
      Instant at) {
    return new LedgerEntry(
        userId,
        venueId,
        ref,
        kind,
        sign * share.principalMinor(),
        sign * share.bonusMinor(),
        currency,
        ref,
        at);
  }

  public long deltaMinor() {
    return principalDeltaMinor + bonusDeltaMinor;
  }
}
