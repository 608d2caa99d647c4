package fairslot.kernel;

import java.util.List;
import java.util.Optional;

/** One page of a list and the opaque cursor of the next page, if there is one. */
public record Page<T>(List<T> items, Optional<String> nextCursor) {
  public Page {
    items = List.copyOf(items);
  }
}
