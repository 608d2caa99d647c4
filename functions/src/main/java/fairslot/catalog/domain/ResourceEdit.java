package fairslot.catalog.domain;

import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * An admin's edit of a resource. Its capacity is the default of slots created afterwards; slots
 * already there keep theirs (PATCH /slots/{id} changes one).
 */
public record ResourceEdit(
    Optional<String> name, OptionalInt capacity, Optional<OperatingStatus> status) {

  /**
   * The resource after the edit, one revision on; refused if the capacity does not suit its kind.
   */
  public Outcome<Resource> applyTo(Resource r) {
    int newCapacity = capacity.orElse(r.capacity());
    if (r.kind() == ResourceKind.EXCLUSIVE && newCapacity != 1) {
      return Outcome.refused(
          Refusal.INVALID_REQUEST, "an EXCLUSIVE resource always has capacity 1");
    }
    return Outcome.done(
        new Resource(
            r.resourceId(),
            r.venueId(),
            name.orElse(r.name()),
            r.kind(),
            newCapacity,
            status.orElse(r.status()),
            r.rev() + 1,
            r.bufferAfter(),
            r.parts(),
            r.partOf()));
  }

  public boolean changesNothing(Resource r) {
    return name.map(r.name()::equals).orElse(true)
        && (capacity.isEmpty() || capacity.getAsInt() == r.capacity())
        && status.map(s -> s == r.status()).orElse(true);
  }
}
