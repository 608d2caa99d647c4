package fairslot.membership.domain;

import fairslot.kernel.Money;
import java.time.Instant;

/** A venue's membership plan: its price per period, the period, and what members get. */
public record MembershipPlan(
    String planId,
    String venueId,
    String name,
    Money price,
    MembershipPeriod period,
    Benefits benefits,
    Instant createdAt) {}
