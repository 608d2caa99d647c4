package fairslot.store.dynamodb;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/** Reads a cancelled transaction's reasons by action index (the order the actions were sent in). */
final class CancellationReasons {
  private final List<CancellationReason> reasons;

  CancellationReasons(TransactionCanceledException e) {
    this.reasons = e.hasCancellationReasons() ? e.cancellationReasons() : List.of();
  }

  boolean conditionFailed(int action) {
    return action < reasons.size() && "ConditionalCheckFailed".equals(reasons.get(action).code());
  }

  /** The item as it was when the condition failed (sent with ReturnValuesOnConditionCheckFailure=ALL_OLD). */
  Optional<Map<String, AttributeValue>> oldItem(int action) {
    if (action >= reasons.size()) {
      return Optional.empty();
    }
    CancellationReason reason = reasons.get(action);
    return reason.hasItem() && !reason.item().isEmpty() ? Optional.of(reason.item()) : Optional.empty();
  }

  /** True when nothing failed a condition: the cancellation was contention (conflict, throttling). */
  boolean onlyContention() {
    return reasons.stream().noneMatch(r -> "ConditionalCheckFailed".equals(r.code()));
  }

  @Override
  public String toString() {
    return reasons.stream().map(CancellationReason::code).toList().toString();
  }
}
