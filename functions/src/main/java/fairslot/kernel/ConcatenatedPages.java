package fairslot.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * One list made of several owners' lists, one after the other (a member's own bookings, then each
 * linked walk-in profile's). The cursor names the owner it is in and carries that list's own
 * cursor; a single owner's cursor is that list's own, unchanged. Like any page, one may hold fewer
 * than the limit (a store's page may), and the cursor says whether more follow.
 */
public final class ConcatenatedPages {
  private static final String PREFIX = "L";
  private static final String SEPARATOR = "~";

  private ConcatenatedPages() {}

  public static <T> Page<T> page(
      List<String> owners, PageRequest request, BiFunction<String, PageRequest, Page<T>> list) {
    if (owners.size() == 1) {
      return list.apply(owners.get(0), request);
    }
    int owner = 0;
    Optional<String> inner = Optional.empty();
    if (request.cursor().isPresent()) {
      String cursor = request.cursor().get();
      int at = cursor.indexOf(SEPARATOR);
      if (!cursor.startsWith(PREFIX) || at < 0) {
        throw new PageRequest.BadCursor("not a cursor of this list");
      }
      try {
        owner = Integer.parseInt(cursor.substring(PREFIX.length(), at));
      } catch (NumberFormatException notOurs) {
        throw new PageRequest.BadCursor("not a cursor of this list");
      }
      if (owner < 0 || owner >= owners.size()) {
        throw new PageRequest.BadCursor("not a cursor of this list");
      }
      inner = Optional.of(cursor.substring(at + 1)).filter(c -> !c.isEmpty());
    }
    // A page fills up from the next owner's list once one is done, so a short list spans owners.
    List<T> items = new ArrayList<>();
    while (true) {
      Page<T> page =
          list.apply(owners.get(owner), new PageRequest(request.limit() - items.size(), inner));
      items.addAll(page.items());
      if (page.nextCursor().isPresent()) {
        return new Page<>(items, Optional.of(PREFIX + owner + SEPARATOR + page.nextCursor().get()));
      }
      owner++;
      inner = Optional.empty();
      if (owner == owners.size()) {
        return new Page<>(items, Optional.empty());
      }
      if (items.size() == request.limit()) {
        return new Page<>(items, Optional.of(PREFIX + owner + SEPARATOR));
      }
    }
  }
}
