package fairslot.catalog.domain;

/**
 * A court, class room or rental stock. {@code capacity} is the default for slots created from now
 * on; {@code rev} counts edits, as for {@link Venue}; {@code bufferAfter} is the changeover gap
 * kept after each of its slots (set when the resource is created).
 */
public record Resource(
    String resourceId,
    String venueId,
    String name,
    ResourceKind kind,
    int capacity,
    OperatingStatus status,
    long rev,
    java.time.Duration bufferAfter) {

  public Resource {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be at least 1");
    }
    if (kind == ResourceKind.EXCLUSIVE && capacity != 1) {
      throw new IllegalArgumentException("an EXCLUSIVE resource has capacity 1");
    }
    if (bufferAfter.isNegative() || bufferAfter.compareTo(MAX_BUFFER) > 0) {
      throw new IllegalArgumentException("bufferAfter must be from PT0S to PT24H");
    }
  }

  /** The longest changeover gap a resource keeps after each slot. */
  public static final java.time.Duration MAX_BUFFER = java.time.Duration.ofHours(24);

  public Resource(
      String resourceId,
      String venueId,
      String name,
      ResourceKind kind,
      int capacity,
      OperatingStatus status,
      long rev) {
    this(resourceId, venueId, name, kind, capacity, status, rev, java.time.Duration.ZERO);
  }

  public Resource(String resourceId, String venueId, String name, ResourceKind kind, int capacity) {
    this(resourceId, venueId, name, kind, capacity, OperatingStatus.ACTIVE, 0);
  }
}
