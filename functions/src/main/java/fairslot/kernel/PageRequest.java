package fairslot.kernel;

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

  /**
   * A cursor the store cannot continue from: edited, made by hand, or handed to a list other than
   * the one that produced it. The caller's mistake (422). Only the store knows its cursors' form,
   * so only the store throws this, before it reads anything.
   */
  public static final class BadCursor extends RuntimeException {
    public BadCursor(String why) {
      super(why, null, false, false);
    }
  }
}
