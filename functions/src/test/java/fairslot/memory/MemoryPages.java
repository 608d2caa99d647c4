package fairslot.memory;

import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import java.util.List;
import java.util.Optional;

/** Pages of an in-memory list: the cursor is the offset of the next item. */
final class MemoryPages {
  private MemoryPages() {}

  static <T> Page<T> page(List<T> all, PageRequest page) {
    int from;
    try {
      from = page.cursor().map(c -> Integer.parseInt(c.substring("mem:".length()))).orElse(0);
    } catch (RuntimeException bad) {
      throw new PageRequest.BadCursor("not a cursor of this list");
    }
    int to = Math.min(all.size(), from + page.limit());
    return new Page<>(
        List.copyOf(all.subList(Math.min(from, to), to)),
        to < all.size() ? Optional.of("mem:" + to) : Optional.empty());
  }
}
