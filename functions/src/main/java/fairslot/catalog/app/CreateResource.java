package fairslot.catalog.app;

import fairslot.catalog.domain.OperatingStatus;
import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.ResourceKind;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/** A new resource of a venue: a changeover buffer, and parts if it is combined (v1.2). */
public record CreateResource(
    String venueId,
    String name,
    ResourceKind kind,
    int capacity,
    Duration bufferAfter,
    List<String> parts) {

  public CreateResource {
    parts = List.copyOf(parts);
  }

  /** The resource made, active and at its first revision. */
  public Resource toResource(String resourceId) {
    return new Resource(
        resourceId,
        venueId,
        name,
        kind,
        capacity,
        OperatingStatus.ACTIVE,
        0,
        bufferAfter,
        parts,
        Set.of());
  }

  /** With a changeover buffer, no parts. */
  public CreateResource(
      String venueId, String name, ResourceKind kind, int capacity, Duration bufferAfter) {
    this(venueId, name, kind, capacity, bufferAfter, List.of());
  }

  /** Without a changeover buffer or parts. */
  public CreateResource(String venueId, String name, ResourceKind kind, int capacity) {
    this(venueId, name, kind, capacity, Duration.ZERO, List.of());
  }
}
