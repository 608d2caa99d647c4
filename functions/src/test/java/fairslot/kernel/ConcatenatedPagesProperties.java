package fairslot.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** Walking a member's list page by page gives every owner's items once, in order. */
class ConcatenatedPagesProperties {

  /** Each owner's list: its items, in pages of at most the limit, cursored by offset. */
  private static BiFunction<String, PageRequest, Page<String>> lists(List<Integer> sizes) {
    return (owner, request) -> {
      int size = sizes.get(Integer.parseInt(owner));
      int from = request.cursor().map(Integer::parseInt).orElse(0);
      List<String> items = new ArrayList<>();
      for (int i = from; i < Math.min(size, from + request.limit()); i++) {
        items.add(owner + "/" + i);
      }
      int next = from + items.size();
      // like DynamoDB: a full page has a cursor even when nothing follows
      return new Page<>(
          items,
          items.size() == request.limit() ? Optional.of(Integer.toString(next)) : Optional.empty());
    };
  }

  @Property(tries = 300)
  void everyItemOfEveryOwnerComesOnceInOrderAndNoPageIsOverTheLimit(
      @ForAll @Size(min = 1, max = 4) List<@IntRange(min = 0, max = 7) Integer> sizes,
      @ForAll @IntRange(min = 1, max = 5) int limit) {
    List<String> owners = new ArrayList<>();
    List<String> expected = new ArrayList<>();
    for (int o = 0; o < sizes.size(); o++) {
      owners.add(Integer.toString(o));
      for (int i = 0; i < sizes.get(o); i++) {
        expected.add(o + "/" + i);
      }
    }
    List<String> walked = new ArrayList<>();
    Optional<String> cursor = Optional.empty();
    int pages = 0;
    do {
      Page<String> page =
          ConcatenatedPages.page(owners, new PageRequest(limit, cursor), lists(sizes));
      assertThat(page.items()).hasSizeLessThanOrEqualTo(limit);
      walked.addAll(page.items());
      cursor = page.nextCursor();
      pages++;
    } while (cursor.isPresent() && pages < 100);

    assertThat(walked).isEqualTo(expected);
  }

  @Test
  void aCursorOfAnotherListIsRefused() {
    var lists = lists(List.of(2, 2));
    for (String bad : List.of("5", "L9~", "Lx~1", "L-1~")) {
      assertThatThrownBy(
              () ->
                  ConcatenatedPages.page(
                      List.of("0", "1"), new PageRequest(1, Optional.of(bad)), lists))
          .isInstanceOf(PageRequest.BadCursor.class);
    }
  }
}
