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
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.Plan;
import fairslot.pass.domain.PlanKind;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/** Plans venues sell, and the passes members buy or the desk sells (v1.1 "Passes and credits"). */
public final class PassService {
  private final PassStore passes;
  private final CatalogStore catalog;
  private final CustomerProfileStore profiles;
  private final Clock clock;
  private final IdGenerator ids;

  public PassService(
      PassStore passes,
      CatalogStore catalog,
      CustomerProfileStore profiles,
      Clock clock,
      IdGenerator ids) {
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
    Instant now = clock.instant();
    String passId = ids.idFor(key, "pass");
    Pass pass =
        plan.get().price().isFree()
            ? Pass.paid(passId, userId, plan.get(), now)
            : Pass.unpaid(passId, userId, plan.get(), now);
    return created(passes.createPass(pass, Change.by(userId, now, "pass bought")));
  }

  /** The desk sells a pass paid at the counter: ACTIVE from now. */
  public Outcome<Pass> sellAtDesk(
      String staff, String planId, Customer customer, Optional<IdempotentRequest> key) {
    Optional<Plan> plan = passes.findPlan(planId);
    if (plan.isEmpty()) {
      return Outcome.refused(Refusal.NOT_FOUND, "no plan " + planId);
    }
    String userId = Customer.userIdOf(customer, profiles, ids);
    Instant now = clock.instant();
    Pass pass = Pass.paid(ids.idFor(key, "pass"), userId, plan.get(), now);
    return created(passes.createPass(pass, Change.by(staff, now, "pass sold at the desk")));
  }

  private static Outcome<Pass> created(Optional<Pass> pass) {
    return pass.<Outcome<Pass>>map(Outcome::done)
        .orElseGet(() -> Outcome.refused(Refusal.DISABLED, "the venue is disabled"));
  }

  public Optional<Pass> pass(String userId, String passId) {
    return passes.findPass(userId, passId);
  }

  public Page<Pass> passesOf(String userId, PageRequest page) {
    return passes.passesOf(userId, page);
  }
}
