package fairslot.catalog.domain;

import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

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
    Duration bufferAfter,
    List<String> parts,
    Set<String> partOf) {

  /** Most parts a combined resource may have (a hall of eight courts). */
  public static final int MAX_PARTS = 8;

  public Resource {
    parts = List.copyOf(parts);
    partOf = Collections.unmodifiableSortedSet(new TreeSet<>(partOf));
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
      Duration bufferAfter) {
    this(resourceId, venueId, name, kind, capacity, status, rev, bufferAfter, List.of(), Set.of());
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
  public Set<String> sharingSpace(Function<String, Set<String>> partsOf) {
    Set<String> sharing = new TreeSet<>(partOf);
    for (String part : parts) {
      sharing.add(part);
      sharing.addAll(partsOf.apply(part));
    }
    sharing.remove(resourceId);
    return sharing;
  }

  /** The longest changeover gap a resource keeps after each slot. */
  public static final Duration MAX_BUFFER = Duration.ofHours(24);

  public Resource(
      String resourceId,
      String venueId,
      String name,
      ResourceKind kind,
      int capacity,
      OperatingStatus status,
      long rev) {
    this(resourceId, venueId, name, kind, capacity, status, rev, Duration.ZERO);
  }

  public Resource(String resourceId, String venueId, String name, ResourceKind kind, int capacity) {
    this(resourceId, venueId, name, kind, capacity, OperatingStatus.ACTIVE, 0);
  }
}
