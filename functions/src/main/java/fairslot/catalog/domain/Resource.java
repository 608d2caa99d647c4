package fairslot.catalog.domain;

/**
 * A court, class room or rental stock. {@code capacity} is the default for slots created from now
 * on; {@code rev} counts edits, as for {@link Venue}.
 */
public record Resource(
    String resourceId,
    String venueId,
    String name,
    ResourceKind kind,
    int capacity,
    OperatingStatus status,
    long rev) {

  public Resource {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be at least 1");
    }
    if (kind == ResourceKind.EXCLUSIVE && capacity != 1) {
      throw new IllegalArgumentException("an EXCLUSIVE resource has capacity 1");
    }
  }

  public Resource(String resourceId, String venueId, String name, ResourceKind kind, int capacity) {
    this(resourceId, venueId, name, kind, capacity, OperatingStatus.ACTIVE, 0);
  }
}
