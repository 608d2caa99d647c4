package fairslot.domain;

public record Resource(
    String resourceId, String venueId, String name, ResourceKind kind, int capacity) {

  public Resource {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be at least 1");
    }
    if (kind == ResourceKind.EXCLUSIVE && capacity != 1) {
      throw new IllegalArgumentException("an EXCLUSIVE resource has capacity 1");
    }
  }
}
