package fairslot.catalog.app;

import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.ResourceKind;
import java.util.Optional;
import java.util.function.Function;

/**
 * Whether a new combined resource's parts fit (v1.2 "Combined resources"): each an EXCLUSIVE
 * resource of the same venue that is not itself combined. Judged on the parts as read for a clear
 * answer; the creation's conditions state the same rule at write time.
 */
final class CombinedParts {
  private CombinedParts() {}

  /** What is wrong with the first part that does not fit, if any. */
  static Optional<String> firstUnfit(
      CreateResource command, Function<String, Optional<Resource>> find) {
    for (String partId : command.parts()) {
      Optional<Resource> part = find.apply(partId);
      if (part.isEmpty() || !part.get().venueId().equals(command.venueId())) {
        return Optional.of("parts: no resource " + partId + " at this venue");
      }
      if (part.get().kind() != ResourceKind.EXCLUSIVE) {
        return Optional.of("parts: " + partId + " is not an EXCLUSIVE resource");
      }
      if (part.get().combined()) {
        return Optional.of("parts: " + partId + " is itself combined; name its parts instead");
      }
    }
    return Optional.empty();
  }
}
