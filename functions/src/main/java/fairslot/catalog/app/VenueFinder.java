package fairslot.catalog.app;

import fairslot.catalog.domain.OperatingStatus;
import fairslot.catalog.domain.Venue;
import fairslot.kernel.GeoPoint;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * How members find a venue (GET /venues, v1.3): the active venues, those whose name or address
 * holds the words asked for, nearest first from a point (venues with no location after, by name),
 * else by name. Pages continue after the last venue shown, so a venue added meanwhile neither
 * repeats nor hides one.
 */
public final class VenueFinder {
  private final CatalogStore store;

  public VenueFinder(CatalogStore store) {
    this.store = store;
  }

  /** What a member asks: words to match, a point to measure from, a page. */
  public record Query(Optional<String> text, Optional<GeoPoint> near, PageRequest page) {}

  /** A venue found, and how far it is from the point asked about, when both are known. */
  public record Found(Venue venue, OptionalLong distanceMetres) {}

  /** Where a venue sorts: first those with a distance, by it; then by name; then by id. */
  private record Key(int group, long metres, String name, String id) {
    static final Comparator<Key> ORDER =
        Comparator.comparingInt(Key::group)
            .thenComparingLong(Key::metres)
            .thenComparing(Key::name)
            .thenComparing(Key::id);

    static Key of(Found f) {
      return new Key(
          f.distanceMetres().isPresent() ? 0 : 1,
          f.distanceMetres().orElse(0),
          f.venue().name().toLowerCase(Locale.ROOT),
          f.venue().venueId());
    }

    String encode(boolean near) {
      String nameB64 =
          Base64.getUrlEncoder()
              .withoutPadding()
              .encodeToString(name.getBytes(StandardCharsets.UTF_8));
      String plain =
          (near ? "near" : "name") + "." + group + "." + metres + "." + nameB64 + "." + id;
      return Base64.getUrlEncoder()
          .withoutPadding()
          .encodeToString(plain.getBytes(StandardCharsets.UTF_8));
    }

    static Key decode(String cursor, boolean near) {
      try {
        String plain = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
        String[] p = plain.split("\\.", 5);
        if (p.length != 5 || !p[0].equals(near ? "near" : "name")) {
          throw new PageRequest.BadCursor("the cursor is of another list");
        }
        return new Key(
            Integer.parseInt(p[1]),
            Long.parseLong(p[2]),
            new String(Base64.getUrlDecoder().decode(p[3]), StandardCharsets.UTF_8),
            p[4]);
      } catch (IllegalArgumentException e) {
        throw new PageRequest.BadCursor("the cursor is not one this list made");
      }
    }
  }

  public Page<Found> find(Query query) {
    boolean near = query.near().isPresent();
    Optional<Key> after = query.page().cursor().map(c -> Key.decode(c, near));
    List<String> words =
        query.text().stream()
            .flatMap(t -> List.of(t.toLowerCase(Locale.ROOT).split("\\s+")).stream())
            .filter(w -> !w.isEmpty())
            .toList();
    List<Found> found =
        store.listedVenues().stream()
            .filter(v -> v.status() == OperatingStatus.ACTIVE)
            .filter(v -> matches(v, words))
            .map(v -> new Found(v, distance(v, query.near())))
            .sorted(Comparator.comparing(Key::of, Key.ORDER))
            .filter(f -> after.map(a -> Key.ORDER.compare(Key.of(f), a) > 0).orElse(true))
            .limit(query.page().limit() + 1L)
            .toList();
    int limit = query.page().limit();
    if (found.size() <= limit) {
      return new Page<>(found, Optional.empty());
    }
    List<Found> page = found.subList(0, limit);
    return new Page<>(page, Optional.of(Key.of(page.get(limit - 1)).encode(near)));
  }

  /** Every word asked for is in the name or the address, whatever its case. */
  private static boolean matches(Venue v, List<String> words) {
    String haystack = (v.name() + " " + v.address().orElse("")).toLowerCase(Locale.ROOT);
    return words.stream().allMatch(haystack::contains);
  }

  private static OptionalLong distance(Venue v, Optional<GeoPoint> near) {
    if (near.isEmpty() || v.location().isEmpty()) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(near.get().metresTo(v.location().get()));
  }
}
