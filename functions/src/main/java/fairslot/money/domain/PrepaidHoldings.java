package fairslot.money.domain;

import java.time.Duration;
import java.util.Optional;

/**
 * The prepaid value one member holds at one venue, as Shanghai's rules count it (API.md v1.3
 * "Prepaid rules", CN-SH-2025): stored value (principal paid in, not the bonus), packs (their
 * unused value and sessions) and memberships (their unearned value), each bought and not used or
 * being paid for. Amounts are in fen: the rules are in yuan.
 */
public record PrepaidHoldings(
    long storedValueMinor, long packValueMinor, int packSessions, long membershipValueMinor) {
  public static final String CURRENCY = "CNY";
  public static final long MAX_STORED_VALUE = 500_000;
  public static final long MAX_PACK_VALUE = 2_000_000;
  public static final int MAX_PACK_SESSIONS = 60;
  public static final long MAX_MEMBERSHIP_VALUE = 500_000;

  /** 24 months: a leap day included, so a plan of two calendar years is within it. */
  public static final Duration MAX_MEMBERSHIP_VALIDITY = Duration.ofDays(731);

  public static final long MAX_TOTAL = 2_000_000;

  /** Within this time of its purchase, an unused pass or top-up is refunded in full. */
  public static final Duration COOLING_OFF = Duration.ofDays(7);

  public static final PrepaidHoldings NONE = new PrepaidHoldings(0, 0, 0, 0);

  public PrepaidHoldings {
    if (storedValueMinor < 0 || packValueMinor < 0 || packSessions < 0) {
      throw new IllegalArgumentException("holdings are never negative");
    }
    if (membershipValueMinor < 0) {
      throw new IllegalArgumentException("holdings are never negative");
    }
  }

  public long totalMinor() {
    return storedValueMinor + packValueMinor + membershipValueMinor;
  }

  /** These holdings with {@code p} bought (its wallet part no longer stored value). */
  public PrepaidHoldings plus(PrepaidPurchase p) {
    long stored = Math.max(0, storedValueMinor - p.fromStoredValueMinor());
    if (p instanceof PrepaidPurchase.StoredValue s) {
      return new PrepaidHoldings(
          stored + s.price().minor(), packValueMinor, packSessions, membershipValueMinor);
    }
    if (p instanceof PrepaidPurchase.Pack k) {
      return new PrepaidHoldings(
          stored,
          packValueMinor + k.price().minor(),
          packSessions + k.sessions(),
          membershipValueMinor);
    }
    return new PrepaidHoldings(
        stored, packValueMinor, packSessions, membershipValueMinor + p.price().minor());
  }

  /**
   * Why {@code rules} refuse {@code p} on top of these holdings, or empty when they allow it. With
   * {@link #NONE} it judges a plan on its own: one no member could ever buy.
   */
  public Optional<String> refusal(PrepaidRules rules, PrepaidPurchase p) {
    if (rules == PrepaidRules.NONE) {
      return Optional.empty();
    }
    if (!p.price().currency().equals(CURRENCY)) {
      return Optional.of("CN-SH-2025 counts prepaid value in CNY, not " + p.price().currency());
    }
    if (p instanceof PrepaidPurchase.Membership m
        && m.validity().compareTo(MAX_MEMBERSHIP_VALIDITY) > 0) {
      return Optional.of("a membership runs at most 24 months under CN-SH-2025");
    }
    PrepaidHoldings after = plus(p);
    if (after.storedValueMinor > MAX_STORED_VALUE && p instanceof PrepaidPurchase.StoredValue) {
      return Optional.of(over("stored value", MAX_STORED_VALUE, after.storedValueMinor));
    }
    if (after.packValueMinor > MAX_PACK_VALUE && p instanceof PrepaidPurchase.Pack) {
      return Optional.of(over("packs", MAX_PACK_VALUE, after.packValueMinor));
    }
    if (after.packSessions > MAX_PACK_SESSIONS && p instanceof PrepaidPurchase.Pack) {
      return Optional.of(
          "packs held at one venue may come to at most "
              + MAX_PACK_SESSIONS
              + " sessions; this would make "
              + after.packSessions);
    }
    if (after.membershipValueMinor > MAX_MEMBERSHIP_VALUE
        && p instanceof PrepaidPurchase.Membership) {
      return Optional.of(over("memberships", MAX_MEMBERSHIP_VALUE, after.membershipValueMinor));
    }
    if (after.totalMinor() > MAX_TOTAL && after.totalMinor() > totalMinor()) {
      return Optional.of(over("all prepaid value", MAX_TOTAL, after.totalMinor()));
    }
    return Optional.empty();
  }

  private static String over(String what, long limit, long after) {
    return what
        + " held at one venue may come to at most "
        + limit
        + " fen under CN-SH-2025; this would make "
        + after;
  }
}
