package fairslot.pass.domain;

import fairslot.kernel.Refusal;
import java.time.Instant;
import java.util.Optional;

/**
 * A member's pass: a copy of its plan, and its credits. Every credit is in exactly one place:
 * {@code plan.credits() == creditsLeft + held by PAID bookings + creditsUsed + creditsForfeited}.
 */
public record Pass(
    String passId,
    String userId,
    Plan plan,
    PassStatus status,
    int creditsLeft,
    int creditsUsed,
    int creditsForfeited,
    Optional<Instant> validUntil,
    Optional<String> paymentNo,
    Instant createdAt) {

  /** A pass bought and not yet paid: its validity starts when it is paid. */
  public static Pass unpaid(String passId, String userId, Plan plan, Instant now) {
    return new Pass(
        passId,
        userId,
        plan,
        PassStatus.PENDING_PAY,
        plan.credits(),
        0,
        0,
        Optional.empty(),
        Optional.empty(),
        now);
  }

  /** A pass paid at {@code paidAt}: ACTIVE until paidAt + the plan's validity. */
  public static Pass paid(String passId, String userId, Plan plan, Instant paidAt) {
    return new Pass(
        passId,
        userId,
        plan,
        PassStatus.ACTIVE,
        plan.credits(),
        0,
        0,
        Optional.of(paidAt.plus(plan.validity())),
        Optional.empty(),
        paidAt);
  }

  public String venueId() {
    return plan.venueId();
  }

  public PassStatus statusAt(Instant now) {
    if (status == PassStatus.ACTIVE && validUntil.map(u -> !now.isBefore(u)).orElse(false)) {
      return PassStatus.EXPIRED;
    }
    if (status == PassStatus.ACTIVE && plan.kind() == PlanKind.PACK && creditsLeft == 0) {
      return PassStatus.USED_UP;
    }
    return status;
  }

  /**
   * Why this pass may not pay for {@code quantity} seats of a slot of {@code resourceId} at {@code
   * venueId} starting at {@code start}; empty if it may. The booking transaction states the same
   * rules as conditions, so a pass spent meanwhile is refused there too.
   */
  public Optional<Refusal> refusalFor(
      String venueId, String resourceId, Instant start, int quantity) {
    if (!plan.covers(venueId, resourceId)) {
      return Optional.of(Refusal.PASS_NOT_VALID_HERE);
    }
    if (status != PassStatus.ACTIVE || validUntil.map(u -> !start.isBefore(u)).orElse(true)) {
      return Optional.of(Refusal.PASS_EXPIRED);
    }
    if (creditsLeft < plan.creditsFor(quantity)) {
      return Optional.of(Refusal.INSUFFICIENT_CREDITS);
    }
    return Optional.empty();
  }
}
