package fairslot.catalog.app;

import fairslot.catalog.domain.ResourceKind;
import java.time.Duration;
import java.util.List;

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
  public fairslot.catalog.domain.Resource toResource(String resourceId) {
    return new fairslot.catalog.domain.Resource(
        resourceId,
        venueId,
        name,
        kind,
        capacity,
        fairslot.catalog.domain.OperatingStatus.ACTIVE,
        0,
        bufferAfter,
        parts,
        java.util.Set.of());
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
