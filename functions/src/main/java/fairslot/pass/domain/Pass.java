package fairslot.pass.domain;

import fairslot.kernel.Money;
import fairslot.kernel.Refusal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.Optional;

/**
 * A member's pass: a copy of its plan, and its credits. Every credit is in exactly one place:
 * {@code plan.credits() == creditsLeft + held by PAID bookings + creditsUsed + creditsForfeited +
 * creditsRefunded}: a refund (v1.3) voids the credits left, paying their share back.
 */
public record Pass(
    String passId,
    String userId,
    Plan plan,
    PassStatus status,
    int creditsLeft,
    int creditsUsed,
    int creditsForfeited,
    int creditsRefunded,
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
        0,
        Optional.of(paidAt.plus(plan.validity())),
        Optional.empty(),
        paidAt);
  }

  public String venueId() {
    return plan.venueId();
  }

  /**
   * What a refund pays back by default (API.md v1.3): the credits left's share of the price for a
   * pack, the share of its validity still to come for a membership; rounded down to the minor unit,
   * so the venue never pays back more than was unused.
   */
  public Money unusedShare(Instant now) {
    Money price = plan.price();
    if (status != PassStatus.ACTIVE) {
      return new Money(0, price.currency());
    }
    if (plan.kind() == PlanKind.PACK) {
      return share(price, creditsLeft, plan.credits());
    }
    long left = validUntil.map(u -> Math.max(0, u.toEpochMilli() - now.toEpochMilli())).orElse(0L);
    return share(price, left, plan.validity().toMillis());
  }

  /**
   * The pass once refunded at {@code at}: its credits left voided (counted as refunded), and a
   * membership's validity ended then.
   */
  public Pass refunded(Instant at) {
    Optional<Instant> until =
        plan.kind() == PlanKind.MEMBERSHIP
            ? validUntil.map(u -> u.isAfter(at) ? at : u)
            : validUntil;
    return new Pass(
        passId,
        userId,
        plan,
        status,
        0,
        creditsUsed,
        creditsForfeited,
        creditsRefunded + creditsLeft,
        until,
        paymentNo,
        createdAt);
  }

  private static Money share(Money price, long part, long whole) {
    long minor =
        BigInteger.valueOf(price.minor())
            .multiply(BigInteger.valueOf(part))
            .divide(BigInteger.valueOf(whole))
            .longValueExact();
    return new Money(minor, price.currency());
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
