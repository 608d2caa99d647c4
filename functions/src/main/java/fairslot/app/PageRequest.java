package fairslot.app;

import java.util.Optional;

/** {@code limit} is 1..200 (default 50); {@code cursor} is whatever a previous page returned. */
public record PageRequest(int limit, Optional<String> cursor) {
  public static final int DEFAULT_LIMIT = 50;
  public static final int MAX_LIMIT = 200;

  public PageRequest {
    if (limit < 1 || limit > MAX_LIMIT) {
      throw new IllegalArgumentException("limit must be 1.." + MAX_LIMIT);
    }
  }

  /** A cursor handed to a list other than the one that produced it: the caller's mistake (422). */
  public static final class ForeignCursor extends RuntimeException {
    public ForeignCursor() {
      super("the cursor belongs to another list", null, false, false);
    }
  }
}
