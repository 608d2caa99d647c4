package fairslot.app;

import fairslot.domain.Pass;
import fairslot.domain.Plan;
import java.util.Optional;

/** Port: the plans venues sell and the passes members hold. */
public interface PassStore {

  /** Writes the plan once: a second create with the same id changes nothing. */
  void createPlan(Plan plan, Change change);

  Optional<Plan> findPlan(String planId);

  /** A venue's plans, oldest first. */
  Page<Plan> plansOf(String venueId, PageRequest page);

  /** The member's pass; empty for a pass that is not theirs. */
  Optional<Pass> findPass(String userId, String passId);

  /** The member's passes, newest first. */
  Page<Pass> passesOf(String userId, PageRequest page);

  /** Writes a new pass once (same id twice: the first stays) and returns it as stored. */
  Pass createPass(Pass pass, Change change);
}
