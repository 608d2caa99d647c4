package fairslot.membership.domain;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;

/**
 * A member's membership of a plan (API.md v1.3 "Memberships"). PENDING_PAY until its first payment
 * succeeds, then ACTIVE for a period; at the period's end the renew-memberships job charges the
 * next period (ACTIVE again), or, a charge refused, PAST_DUE with retries after 1, 3 and 5 days and
 * then EXPIRED. Cancelled, renewal stops and it ends CANCELLED at the period's end; without {@code
 * autoRenew} it ends EXPIRED there. {@code version} moves with every write.
 */
public record Membership(
    String membershipId,
    String userId,
    MembershipPlan plan,
    Status status,
    boolean autoRenew,
    boolean cancelAtPeriodEnd,
    Optional<Instant> periodStart,
    Optional<Instant> periodEnd,
    Optional<String> paymentNo,
    int failedRenewals,
    long version,
    Instant createdAt) {

  public enum Status {
    PENDING_PAY,
    ACTIVE,
    PAST_DUE,
    CANCELLED,
    EXPIRED
  }

  /** Retries of a refused renewal, counted from the period's end (API.md: after 1, 3, 5 days). */
  public static final List<Duration> RETRIES =
      List.of(Duration.ofDays(1), Duration.ofDays(3), Duration.ofDays(5));

  public static Membership unpaid(
      String membershipId, String userId, MembershipPlan plan, boolean autoRenew, Instant now) {
    return new Membership(
        membershipId,
        userId,
        plan,
        Status.PENDING_PAY,
        autoRenew,
        false,
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        0,
        0,
        now);
  }

  public String venueId() {
    return plan.venueId();
  }

  /** Its benefits apply at {@code at}: ACTIVE, inside its period. */
  public boolean benefitsAt(Instant at) {
    return status == Status.ACTIVE
        && periodStart.map(s -> !s.isAfter(at)).orElse(false)
        && periodEnd.map(e -> e.isAfter(at)).orElse(false);
  }

  /** The first period, begun when its payment succeeded at {@code paidAt}. */
  public Membership activated(Instant paidAt, ZoneId zone) {
    return new Membership(
        membershipId,
        userId,
        plan,
        Status.ACTIVE,
        autoRenew,
        cancelAtPeriodEnd,
        Optional.of(paidAt),
        Optional.of(plan.period().endOf(paidAt, zone)),
        paymentNo,
        0,
        version + 1,
        createdAt);
  }

  /**
   * The next period, charged by the renewal: it begins where the last one ended (a late retry does
   * not shift the member's renewal date).
   */
  public Membership renewed(ZoneId zone) {
    Instant from = periodEnd.orElseThrow();
    return new Membership(
        membershipId,
        userId,
        plan,
        Status.ACTIVE,
        autoRenew,
        cancelAtPeriodEnd,
        Optional.of(from),
        Optional.of(plan.period().endOf(from, zone)),
        paymentNo,
        0,
        version + 1,
        createdAt);
  }

  /** When the renewal job should next look at it; empty when it never will again. */
  public Optional<Instant> dueAt() {
    return switch (status) {
      case ACTIVE -> periodEnd;
      case PAST_DUE ->
          failedRenewals <= RETRIES.size()
              ? periodEnd.map(e -> e.plus(RETRIES.get(failedRenewals - 1)))
              : Optional.empty();
      default -> Optional.empty();
    };
  }

  /** The same, with its status, flags and failures as given (its version moves on). */
  public Membership with(Status to, boolean renew, boolean cancelAtEnd, int failures) {
    return new Membership(
        membershipId,
        userId,
        plan,
        to,
        renew,
        cancelAtEnd,
        periodStart,
        periodEnd,
        paymentNo,
        failures,
        version + 1,
        createdAt);
  }

  public Membership withPayment(Optional<String> no) {
    return new Membership(
        membershipId,
        userId,
        plan,
        status,
        autoRenew,
        cancelAtPeriodEnd,
        periodStart,
        periodEnd,
        no,
        failedRenewals,
        version,
        createdAt);
  }
}
