package fairslot.pass.app;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.IdempotentRequest;
import fairslot.kernel.Money;
import fairslot.kernel.Outcome;
import fairslot.kernel.PageRequest;
import fairslot.kernel.Refusal;
import fairslot.member.app.Customer;
import fairslot.memory.MemoryWorld;
import fairslot.pass.domain.Pass;
import fairslot.pass.domain.PassStatus;
import fairslot.pass.domain.Plan;
import fairslot.pass.domain.PlanKind;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Plans and passes on the in-memory stores: what a venue sells and who may hold what. */
class PassServiceTest {
  private final MemoryWorld world = new MemoryWorld();
  private final Slot slot = world.slot(ResourceKind.SEATS, 4, 5000, Admission.DIRECT);
  private final PassService service = world.passService;

  private PassService.CreatePlan pack(String venueId, long priceMinor, Set<String> resources) {
    return new PassService.CreatePlan(
        venueId,
        "Ten classes",
        PlanKind.PACK,
        10,
        Duration.ofDays(90),
        resources,
        new Money(priceMinor, "CNY"));
  }

  private Plan plan(long priceMinor) {
    return done(service.createPlan("admin", pack(slot.venueId(), priceMinor, Set.of()), none()));
  }

  private static Optional<IdempotentRequest> none() {
    return Optional.empty();
  }

  private static Refusal refusal(Outcome<?> outcome) {
    assertThat(outcome).isInstanceOf(Outcome.Refused.class);
    return ((Outcome.Refused<?>) outcome).refusal();
  }

  @Test
  void aPlanIsMadeForAVenueOnlyAndOnlyWithThatVenuesResources() {
    Slot elsewhere = world.slot(ResourceKind.SEATS, 4, 5000, Admission.DIRECT);

    Plan made = plan(90000);
    Outcome<Plan> otherVenues =
        service.createPlan(
            "admin", pack(slot.venueId(), 90000, Set.of(elsewhere.resourceId())), none());
    Outcome<Plan> noVenue = service.createPlan("admin", pack("no-venue", 90000, Set.of()), none());

    assertThat(refusal(otherVenues)).isEqualTo(Refusal.INVALID_REQUEST);
    assertThat(refusal(noVenue)).isEqualTo(Refusal.NOT_FOUND);
    assertThat(done(service.plansOf(slot.venueId(), new PageRequest(50, Optional.empty()))).items())
        .extracting(Plan::planId)
        .containsExactly(made.planId());
    assertThat(refusal(service.plansOf("no-venue", new PageRequest(50, Optional.empty()))))
        .isEqualTo(Refusal.NOT_FOUND);
  }

  @Test
  void aPaidPlansPassWaitsForItsPaymentAndAFreePlansIsActiveAtOnce() {
    Pass paid = done(service.buy("u1", plan(90000).planId(), none()));
    Pass free = done(service.buy("u1", plan(0).planId(), none()));

    assertThat(paid.status()).isEqualTo(PassStatus.PENDING_PAY);
    assertThat(free.status()).isEqualTo(PassStatus.ACTIVE);
    assertThat(free.creditsLeft()).isEqualTo(10);
    assertThat(refusal(service.buy("u1", "no-plan", none()))).isEqualTo(Refusal.NOT_FOUND);
  }

  @Test
  void buyingTwiceWithOneKeyGivesTheSamePass() {
    Plan plan = plan(90000);
    Optional<IdempotentRequest> key = Optional.of(new IdempotentRequest("u1:k1", "body"));

    Pass first = done(service.buy("u1", plan.planId(), key));
    Pass again = done(service.buy("u1", plan.planId(), key));

    assertThat(again.passId()).isEqualTo(first.passId());
    assertThat(service.passesOf("u1", new PageRequest(50, Optional.empty())).items()).hasSize(1);
  }

  @Test
  void theDeskSellsAnActivePassToAWalkInKeyedByPhoneAndToNoOneElse() {
    Plan plan = plan(90000);
    var walkIn =
        new Customer.ByPhone(
            fairslot.member.domain.Phone.parse("+86 138 0013 8000").orElseThrow(), "Li");

    Pass sold = done(service.sellAtDesk("desk", plan.planId(), walkIn, none()));
    Pass again = done(service.sellAtDesk("desk", plan.planId(), walkIn, none()));

    assertThat(sold.status()).isEqualTo(PassStatus.ACTIVE);
    assertThat(again.userId()).isEqualTo(sold.userId()); // one profile per phone
    assertThat(service.pass(sold.userId(), sold.passId())).isPresent();
    assertThat(service.pass("someone-else", sold.passId())).isEmpty();
  }
}
