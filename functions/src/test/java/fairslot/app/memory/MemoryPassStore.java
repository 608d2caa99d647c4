package fairslot.app.memory;

import fairslot.app.Change;
import fairslot.app.Page;
import fairslot.app.PageRequest;
import fairslot.app.PassStore;
import fairslot.domain.Pass;
import fairslot.domain.Plan;
import java.util.Comparator;
import java.util.Optional;

/** In-memory {@link PassStore}. */
public final class MemoryPassStore implements PassStore {
  private final MemoryTables t;

  public MemoryPassStore(MemoryTables t) {
    this.t = t;
  }

  @Override
  public void createPlan(Plan plan, Change change) {
    synchronized (t.lock) {
      t.plans.putIfAbsent(plan.planId(), plan);
    }
  }

  @Override
  public Optional<Plan> findPlan(String planId) {
    synchronized (t.lock) {
      return Optional.ofNullable(t.plans.get(planId));
    }
  }

  @Override
  public Page<Plan> plansOf(String venueId, PageRequest page) {
    synchronized (t.lock) {
      return new Page<>(
          t.plans.values().stream()
              .filter(p -> p.venueId().equals(venueId))
              .sorted(Comparator.comparing(Plan::planId))
              .limit(page.limit())
              .toList(),
          Optional.empty());
    }
  }

  @Override
  public Optional<Pass> findPass(String userId, String passId) {
    synchronized (t.lock) {
      return Optional.ofNullable(t.passes.get(MemoryTables.passKey(userId, passId)));
    }
  }

  @Override
  public Page<Pass> passesOf(String userId, PageRequest page) {
    synchronized (t.lock) {
      return new Page<>(
          t.passes.values().stream()
              .filter(p -> p.userId().equals(userId))
              .sorted(Comparator.comparing(Pass::passId))
              .limit(page.limit())
              .toList(),
          Optional.empty());
    }
  }

  @Override
  public Pass createPass(Pass pass, Change change) {
    synchronized (t.lock) {
      return t.passes.computeIfAbsent(
          MemoryTables.passKey(pass.userId(), pass.passId()), k -> pass);
    }
  }
}
