package fairslot.pass.domain;

import fairslot.kernel.Money;
import fairslot.money.domain.PrepaidPurchase;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Set;

/**
 * What a venue sells as passes (v1.1 "Passes and credits"). Plans never change once created: a pass
 * keeps a copy of its plan, so what a member bought stays what they hold. {@code timeZone} is the
 * venue's (a venue's zone never changes), so a pass shows its times as the venue's.
 */
public record Plan(
    String planId,
    String venueId,
    ZoneId timeZone,
    String name,
    PlanKind kind,
    int credits,
    Duration validity,
    Set<String> resourceIds,
    Money price,
    Instant createdAt) {
  public static final int MAX_CREDITS = 1000;
  public static final Duration MAX_VALIDITY = Duration.ofDays(3660);

  public Plan {
    resourceIds = Set.copyOf(resourceIds);
    checkTerms(kind, credits, validity);
  }

  /** Throws IllegalArgumentException for terms out of the contract's bounds. */
  public static void checkTerms(PlanKind kind, int credits, Duration validity) {
    if (kind == PlanKind.PACK && (credits < 1 || credits > MAX_CREDITS)) {
      throw new IllegalArgumentException("a PACK needs credits from 1 to 1000");
    }
    if (kind == PlanKind.MEMBERSHIP && credits != 0) {
      throw new IllegalArgumentException("a MEMBERSHIP has no credits");
    }
    if (validity.compareTo(Duration.ofDays(1)) < 0 || validity.compareTo(MAX_VALIDITY) > 0) {
      throw new IllegalArgumentException("validity must be from P1D to P3660D");
    }
  }

  /** Whether a pass of this plan may book a slot of {@code resourceId} at {@code venueId}. */
  public boolean covers(String venueId, String resourceId) {
    return this.venueId.equals(venueId)
        && (resourceIds.isEmpty() || resourceIds.contains(resourceId));
  }

  /**
   * What a pass of this plan holds as the prepaid rules count it (API.md v1.3); {@code
   * fromStoredValueMinor}, the wallet's principal paying for it.
   */
  public PrepaidPurchase prepaid(long fromStoredValueMinor) {
    return purchaseOf(kind, credits, validity, price, fromStoredValueMinor);
  }

  /** A plan's terms as one purchase of it, judged before the plan is made. */
  public static PrepaidPurchase purchaseOf(
      PlanKind kind, int credits, Duration validity, Money price) {
    return purchaseOf(kind, credits, validity, price, 0);
  }

  private static PrepaidPurchase purchaseOf(
      PlanKind kind, int credits, Duration validity, Money price, long fromStoredValueMinor) {
    return kind == PlanKind.PACK
        ? new PrepaidPurchase.Pack(price, credits, fromStoredValueMinor)
        : new PrepaidPurchase.Membership(price, validity, fromStoredValueMinor);
  }

  /** The credits a booking of {@code quantity} seats spends: none on a membership. */
  public int creditsFor(int quantity) {
    return kind == PlanKind.PACK ? quantity : 0;
  }
}
