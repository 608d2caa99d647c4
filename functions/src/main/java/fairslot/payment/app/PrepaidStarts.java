package fairslot.payment.app;

import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.money.domain.PrepaidClaim;
import fairslot.payment.app.Order.Recorded;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A prepaid purchase's payment started within the venue's prepaid rules (API.md v1.3): judged,
 * started with the judgement's claim, and judged again when another purchase of the member came
 * between (the start's transaction refused the claim).
 */
final class PrepaidStarts {
  private static final int MAX_ROUNDS = 6;

  private PrepaidStarts() {}

  /** {@code start} answers the recording, or empty when the claim was contended (judge again). */
  static Recorded bound(
      Supplier<Outcome<Optional<PrepaidClaim>>> judge,
      Function<Optional<PrepaidClaim>, Optional<Recorded>> start) {
    for (int round = 0; round < MAX_ROUNDS; round++) {
      Outcome<Optional<PrepaidClaim>> claim = judge.get();
      if (claim instanceof Outcome.Refused<Optional<PrepaidClaim>> beyond) {
        return new Recorded.Refused(beyond.refusal(), beyond.detail());
      }
      Optional<Recorded> recorded =
          start.apply(((Outcome.Done<Optional<PrepaidClaim>>) claim).value());
      if (recorded.isPresent()) {
        return recorded.get();
      }
    }
    return new Recorded.Refused(Refusal.THROTTLED, "the member's purchases are busy; try again");
  }
}
