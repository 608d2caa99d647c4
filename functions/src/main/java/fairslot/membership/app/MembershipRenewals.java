package fairslot.membership.app;

import fairslot.kernel.Change;
import fairslot.kernel.JobLoop;
import fairslot.kernel.JobReport;
import fairslot.membership.domain.Membership;
import java.time.Clock;
import java.time.Instant;

/**
 * The renew-memberships job (API.md v1.3 "Memberships"): at a period's end an auto-renewing
 * membership is charged the next period from the member's wallet; refused, it is PAST_DUE and tried
 * again after 1, 3 and 5 days, then EXPIRED. One cancelled ends CANCELLED there, one not renewing
 * EXPIRED. Each step is one write on the membership's version, so a job run twice (or two at once)
 * charges a period once.
 */
public final class MembershipRenewals {
  private final MembershipStore memberships;
  private final MembershipCharges charges;
  private final Clock clock;

  public MembershipRenewals(MembershipStore memberships, MembershipCharges charges, Clock clock) {
    this.memberships = memberships;
    this.charges = charges;
    this.clock = clock;
  }

  public JobReport run(int limit) {
    Instant now = clock.instant();
    var due = memberships.due(now, limit);
    return JobLoop.run("renew-memberships", due, due.size(), m -> JobLoop.one(step(m, now)));
  }

  /** True when the membership moved. */
  boolean step(Membership m, Instant now) {
    if (m.dueAt().map(at -> at.isAfter(now)).orElse(true)) {
      return false; // the index lags the item: not due after all
    }
    Change change = Change.by("renew-memberships", now, "period end");
    if (m.status() == Membership.Status.ACTIVE && m.cancelAtPeriodEnd()) {
      return memberships.move(m, m.with(Membership.Status.CANCELLED, false, true, 0), change);
    }
    if (m.status() == Membership.Status.ACTIVE && !m.autoRenew()) {
      return memberships.move(m, m.with(Membership.Status.EXPIRED, false, false, 0), change);
    }
    MembershipCharges.Renewal charged = charges.renew(m, now);
    if (charged != MembershipCharges.Renewal.UNPAID) {
      return charged == MembershipCharges.Renewal.RENEWED;
    }
    int failures = m.failedRenewals() + 1;
    Membership after =
        failures > Membership.RETRIES.size()
            ? m.with(Membership.Status.EXPIRED, false, false, failures)
            : m.with(Membership.Status.PAST_DUE, m.autoRenew(), false, failures);
    return memberships.move(m, after, Change.by("renew-memberships", now, "renewal refused"));
  }
}
