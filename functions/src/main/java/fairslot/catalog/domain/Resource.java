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
    java.time.Duration bufferAfter,
    java.util.List<String> parts,
    java.util.Set<String> partOf) {

  /** Most parts a combined resource may have (a hall of eight courts). */
  public static final int MAX_PARTS = 8;

  public Resource {
    parts = java.util.List.copyOf(parts);
    partOf = java.util.Collections.unmodifiableSortedSet(new java.util.TreeSet<>(partOf));
    if (!parts.isEmpty() && (kind != ResourceKind.EXCLUSIVE || !partOf.isEmpty())) {
      throw new IllegalArgumentException("a combined resource is EXCLUSIVE and no one's part");
    }
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

  public Resource(
      String resourceId,
      String venueId,
      String name,
      ResourceKind kind,
      int capacity,
      OperatingStatus status,
      long rev,
      java.time.Duration bufferAfter) {
    this(
        resourceId,
        venueId,
        name,
        kind,
        capacity,
        status,
        rev,
        bufferAfter,
        java.util.List.of(),
        java.util.Set.of());
  }

  /** Whether this resource is made of others (a full court of two halves). */
  public boolean combined() {
    return !parts.isEmpty();
  }

  /**
   * The resources whose slots share space with this one's: its parts and the other combined
   * resources that use them, or the combined resources this one is part of. {@code partsOf} gives a
   * part's {@code partOf} as read.
   */
  public java.util.Set<String> sharingSpace(
      java.util.function.Function<String, java.util.Set<String>> partsOf) {
    java.util.Set<String> sharing = new java.util.TreeSet<>(partOf);
    for (String part : parts) {
      sharing.add(part);
      sharing.addAll(partsOf.apply(part));
    }
    sharing.remove(resourceId);
    return sharing;
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
