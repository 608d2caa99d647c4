package fairslot.pass.app;

import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.Venue;
import fairslot.kernel.Change;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.IdempotentRequest;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import fairslot.member.app.Customer;
import fairslot.member.app.CustomerProfileStore;
import fairslot.money.domain.PrepaidClaim;
import fairslot.money.domain.PrepaidHoldings;
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.Plan;
import fairslot.pass.domain.PlanKind;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/** Plans venues sell, and the passes members buy or the desk sells (v1.1 "Passes and credits"). */
public final class PassService {
  private static final int MAX_ROUNDS = 6;

  private final PassStore passes;
  private final CatalogStore catalog;
  private final CustomerProfileStore profiles;
  private final Clock clock;
  private final IdGenerator ids;
  private final PrepaidCheck prepaid;

  public PassService(
      PassStore passes,
      CatalogStore catalog,
      CustomerProfileStore profiles,
      Clock clock,
      IdGenerator ids,
      PrepaidCheck prepaid) {
    this.prepaid = prepaid;
    this.passes = passes;
    this.catalog = catalog;
    this.profiles = profiles;
    this.clock = clock;
    this.ids = ids;
  }

  public record CreatePlan(
      String venueId,
      String name,
      PlanKind kind,
      int credits,
      Duration validity,
      Set<String> resourceIds,
      Money price) {}

  /** NOT_FOUND for an unknown venue; INVALID_REQUEST for a resource not of the venue. */
  public Outcome<Plan> createPlan(
      String admin, CreatePlan command, Optional<IdempotentRequest> key) {
    Optional<Venue> venue = catalog.findVenue(command.venueId());
    if (venue.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no venue " + command.venueId());
    }
    for (String resourceId : command.resourceIds()) {
      Optional<Resource> resource = catalog.findResource(resourceId);
      if (resource.isEmpty() || !resource.get().venueId().equals(command.venueId())) {
        return Outcome.refused(
            Refusal.INVALID_REQUEST, "resource " + resourceId + " is not one of this venue's");
      }
    }
    Optional<String> beyond =
        PrepaidHoldings.NONE.refusal(
            venue.get().policy().prepaidRules(),
            Plan.purchaseOf(
                command.kind(), command.credits(), command.validity(), command.price()));
    if (beyond.isPresent()) {
      return Outcome.refused(
          Refusal.PREPAID_LIMIT, "no member could buy this plan: " + beyond.get());
    }
    Instant now = clock.instant();
    Plan plan =
        new Plan(
            ids.idFor(key, "plan"),
            command.venueId(),
            venue.get().timeZone(),
            command.name(),
            command.kind(),
            command.credits(),
            command.validity(),
            command.resourceIds(),
            command.price(),
            now);
    if (!passes.createPlan(plan, Change.by(admin, now, "plan created"))) {
      return Outcome.refused(Refusal.DISABLED, "the venue is disabled");
    }
    return Outcome.done(passes.findPlan(plan.planId()).orElse(plan));
  }

  public Outcome<Page<Plan>> plansOf(String venueId, PageRequest page) {
    if (catalog.findVenue(venueId).isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no venue " + venueId);
    }
    return Outcome.done(passes.plansOf(venueId, page));
  }

  /**
   * A member buys a pass: PENDING_PAY until paid through the payment flow (a free plan is ACTIVE at
   * once).
   */
  public Outcome<Pass> buy(String userId, String planId, Optional<IdempotentRequest> key) {
    Optional<Plan> plan = passes.findPlan(planId);
    if (plan.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no plan " + planId);
    }
    String passId = ids.idFor(key, "pass");
    if (plan.get().price().isFree()) {
      return create(
          userId, now -> Pass.paid(passId, userId, plan.get(), now), userId, "pass bought");
    }
    // Judged now to answer early; binding when its payment starts (nothing is held before).
    return prepaid
        .early(userId, plan.get().venueId(), plan.get().prepaid(0))
        .then(
            unbound -> {
              Instant now = clock.instant();
              Pass pass = Pass.unpaid(passId, userId, plan.get(), now);
              return created(
                  passes.createPass(pass, Optional.empty(), Change.by(userId, now, "pass bought")));
            });
  }

  /** The desk sells a pass paid at the counter: ACTIVE from now. */
  public Outcome<Pass> sellAtDesk(
      String staff, String planId, Customer customer, Optional<IdempotentRequest> key) {
    Optional<Plan> plan = passes.findPlan(planId);
    if (plan.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no plan " + planId);
    }
    String userId = Customer.userIdOf(customer, profiles, ids);
    String passId = ids.idFor(key, "pass");
    return create(
        userId, now -> Pass.paid(passId, userId, plan.get(), now), staff, "pass sold at the desk");
  }

  /**
   * A pass ACTIVE at once (free, or paid at the desk): its purchase judged by the venue's prepaid
   * rules and bound in the pass's own transaction; judged again if another purchase came between.
   */
  private Outcome<Pass> create(String userId, Function<Instant, Pass> made, String by, String why) {
    for (int round = 0; round < MAX_ROUNDS; round++) {
      Instant now = clock.instant();
      Pass pass = made.apply(now);
      Outcome<Optional<PrepaidClaim>> claim =
          prepaid.claim(userId, pass.venueId(), pass.plan().prepaid(0));
      if (claim instanceof Outcome.Refused<Optional<PrepaidClaim>> beyond) {
        return Outcome.refused(beyond.refusal(), beyond.detail(), beyond.extras());
      }
      var judged = (Outcome.Done<Optional<PrepaidClaim>>) claim;
      PassStore.Created created = passes.createPass(pass, judged.value(), Change.by(by, now, why));
      if (!(created instanceof PassStore.Created.Contended)) {
        return created(created);
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the member's purchases are busy; try again");
  }

  private static Outcome<Pass> created(PassStore.Created created) {
    if (created instanceof PassStore.Created.Made made) {
      return Outcome.done(made.pass());
    }
    return Outcome.refused(Refusal.DISABLED, "the venue is disabled");
  }

  public Optional<Pass> pass(String userId, String passId) {
    return passes.findPass(userId, passId);
  }

  public Page<Pass> passesOf(String userId, PageRequest page) {
    return passes.passesOf(userId, page);
  }
}
