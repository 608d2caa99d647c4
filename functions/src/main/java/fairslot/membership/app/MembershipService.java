package fairslot.membership.app;

import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.Venue;
import fairslot.kernel.Change;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.IdempotentRequest;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import fairslot.membership.domain.Benefits;
import fairslot.membership.domain.Membership;
import fairslot.membership.domain.MembershipPeriod;
import fairslot.membership.domain.MembershipPlan;
import fairslot.money.domain.PrepaidHoldings;
import fairslot.money.domain.PrepaidPurchase;
import fairslot.money.domain.PrepaidRules;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Memberships (API.md v1.3 "Memberships"): the plans a venue sells, members' subscriptions (paid
 * like a pass: the first payment makes it ACTIVE for a period), their list, and the cancel that
 * stops renewal at the period's end. Renewal is the payment feature's renew-memberships job.
 */
public final class MembershipService {
  private final MembershipStore memberships;
  private final CatalogStore catalog;
  private final Clock clock;
  private final IdGenerator ids;

  public MembershipService(
      MembershipStore memberships, CatalogStore catalog, Clock clock, IdGenerator ids) {
    this.memberships = memberships;
    this.catalog = catalog;
    this.clock = clock;
    this.ids = ids;
  }

  /** What an admin asks for in a plan, parsed and in range. */
  public record PlanTerms(String name, Money price, MembershipPeriod period, Benefits benefits) {}

  /** NOT_FOUND for an unknown venue; DISABLED for a disabled one; a plan no member could buy. */
  public Outcome<MembershipPlan> createPlan(
      String admin, String venueId, PlanTerms terms, Optional<IdempotentRequest> key) {
    Optional<Venue> venue = catalog.findVenue(venueId);
    if (venue.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no venue " + venueId);
    }
    // a period's price is what a member prepays; its months are the most one purchase runs
    Optional<String> beyond =
        PrepaidHoldings.NONE.refusal(
            venue.get().policy().prepaidRules(),
            new PrepaidPurchase.Membership(
                terms.price(), Duration.ofDays(31L * terms.period().months()), 0));
    if (beyond.isPresent()) {
      return Outcome.refused(
          Refusal.PREPAID_LIMIT, "no member could buy this plan: " + beyond.get());
    }
    Instant now = clock.instant();
    MembershipPlan plan =
        new MembershipPlan(
            ids.idFor(key, "membership-plan"),
            venueId,
            terms.name(),
            terms.price(),
            terms.period(),
            terms.benefits(),
            now);
    if (!memberships.createPlan(plan, Change.by(admin, now, "membership plan created"))) {
      return Outcome.refused(Refusal.DISABLED, "the venue is disabled");
    }
    return Outcome.done(memberships.findPlan(plan.planId()).orElse(plan));
  }

  public Page<MembershipPlan> plans(String venueId, PageRequest page) {
    return memberships.plansOf(venueId, page);
  }

  /** A membership of {@code planId} for the member, waiting for its first payment. */
  public Outcome<Membership> subscribe(
      String userId, String planId, boolean autoRenew, Optional<IdempotentRequest> key) {
    Optional<MembershipPlan> plan = memberships.findPlan(planId);
    if (plan.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no membership plan " + planId);
    }
    // Shanghai's rules count every membership a member holds; until these are counted with the
    // rest (the prepaid guard), selling them there could pass a limit: refused, not risked.
    boolean counted =
        catalog
            .findVenue(plan.get().venueId())
            .map(v -> v.policy().prepaidRules() == PrepaidRules.NONE)
            .orElse(true);
    if (!counted) {
      return Outcome.refused(
          Refusal.PREPAID_LIMIT,
          "memberships are not sold yet at a venue with prepaid rules: they are not counted yet");
    }
    Instant now = clock.instant();
    Membership unpaid =
        Membership.unpaid(ids.idFor(key, "membership"), userId, plan.get(), autoRenew, now);
    return memberships
        .create(unpaid, Change.by(userId, now, "member subscribes"))
        .<Outcome<Membership>>map(Outcome::done)
        .orElseGet(() -> Outcome.refused(Refusal.DISABLED, "the venue is disabled"));
  }

  public Optional<Membership> find(String userId, String membershipId) {
    return memberships.find(userId, membershipId);
  }

  public List<Membership> mine(String userId) {
    return memberships.of(userId);
  }

  /**
   * Renewal stops: an ACTIVE membership keeps its benefits to the period's end and ends CANCELLED
   * there; a PAST_DUE one (no period left) or an unpaid one ends CANCELLED now. Cancelling again
   * changes nothing.
   */
  public Outcome<Membership> cancel(String userId, String membershipId) {
    for (int round = 0; round < 4; round++) {
      Optional<Membership> found = memberships.find(userId, membershipId);
      if (found.isEmpty()) {
        return Outcome.refused(Refusal.NOT_FOUND, "no membership " + membershipId);
      }
      Membership m = found.get();
      Membership after =
          switch (m.status()) {
            case ACTIVE -> m.cancelAtPeriodEnd() ? m : m.with(m.status(), false, true, 0);
            case PAST_DUE, PENDING_PAY ->
                m.with(Membership.Status.CANCELLED, false, false, m.failedRenewals());
            case CANCELLED, EXPIRED -> m;
          };
      if (after == m) {
        return Outcome.done(m);
      }
      if (memberships.move(m, after, Change.by(userId, clock.instant(), "member cancels"))) {
        return Outcome.done(after);
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the membership is busy; try again");
  }
}
