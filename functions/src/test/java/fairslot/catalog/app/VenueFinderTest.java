package fairslot.catalog.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairslot.catalog.domain.OperatingStatus;
import fairslot.catalog.domain.Venue;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.kernel.Change;
import fairslot.kernel.GeoPoint;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.memory.MemoryWorld;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Finding a venue (GET /venues, v1.3) on the in-memory catalog. */
class VenueFinderTest {
  private static final ZoneId SHANGHAI = ZoneId.of("Asia/Shanghai");
  private static final GeoPoint PEOPLES_SQUARE = new GeoPoint(31.2304, 121.4737);
  private static final GeoPoint PUDONG = new GeoPoint(31.2214, 121.5446); // ~6.8 km east
  private static final GeoPoint BEIJING = new GeoPoint(39.9042, 116.4074); // ~1,067 km north

  private final MemoryWorld world = new MemoryWorld();
  private final VenueFinder finder = new VenueFinder(world.catalogStore);

  private Venue venue(String name, Optional<String> address, Optional<GeoPoint> at) {
    return world.catalogStore.createVenue(
        new Venue(UUID.randomUUID().toString(), name, SHANGHAI, VenuePolicy.DEFAULT)
            .at(address, at));
  }

  private Page<VenueFinder.Found> find(Optional<String> q, Optional<GeoPoint> near, int limit) {
    return finder.find(new VenueFinder.Query(q, near, new PageRequest(limit, Optional.empty())));
  }

  private static List<String> names(Page<VenueFinder.Found> page) {
    return page.items().stream().map(f -> f.venue().name()).toList();
  }

  @Test
  void everyWordAskedForIsInTheNameOrTheAddressWhateverItsCase() {
    venue("Pudong Badminton Hall", Optional.of("88 Century Avenue"), Optional.empty());
    venue("Jing'an Tennis", Optional.of("1 West Nanjing Road"), Optional.empty());
    venue("Riverside Badminton", Optional.empty(), Optional.empty());

    assertThat(names(find(Optional.of("BADMINTON"), Optional.empty(), 10)))
        .containsExactly("Pudong Badminton Hall", "Riverside Badminton");
    assertThat(names(find(Optional.of("nanjing tennis"), Optional.empty(), 10)))
        .containsExactly("Jing'an Tennis");
    assertThat(names(find(Optional.of("badminton century"), Optional.empty(), 10)))
        .containsExactly("Pudong Badminton Hall");
  }

  @Test
  void aDisabledVenueIsNotListed() {
    Venue shut = venue("Closed Club", Optional.empty(), Optional.empty());
    venue("Open Club", Optional.empty(), Optional.empty());
    world.catalogStore.editVenue(
        shut,
        new Venue(
            shut.venueId(),
            shut.name(),
            shut.timeZone(),
            shut.policy(),
            OperatingStatus.DISABLED,
            shut.rev() + 1),
        Change.by("admin", MemoryWorld.START, "closed"));

    assertThat(names(find(Optional.of("club"), Optional.empty(), 10))).containsExactly("Open Club");
  }

  @Test
  void nearAPointTheNearestComeFirstWithTheirDistanceAndVenuesWithNoLocationLast() {
    venue("Beijing Courts", Optional.empty(), Optional.of(BEIJING));
    venue("A Club Nobody Placed", Optional.empty(), Optional.empty());
    venue("Pudong Courts", Optional.empty(), Optional.of(PUDONG));
    venue("Square Courts", Optional.empty(), Optional.of(PEOPLES_SQUARE));

    Page<VenueFinder.Found> page = find(Optional.empty(), Optional.of(PEOPLES_SQUARE), 10);

    assertThat(names(page))
        .containsExactly(
            "Square Courts", "Pudong Courts", "Beijing Courts", "A Club Nobody Placed");
    assertThat(page.items().get(0).distanceMetres().getAsLong()).isZero();
    assertThat(page.items().get(1).distanceMetres().getAsLong()).isBetween(6_500L, 7_200L);
    assertThat(page.items().get(2).distanceMetres().getAsLong()).isBetween(1_050_000L, 1_080_000L);
    assertThat(page.items().get(3).distanceMetres()).isEmpty();
    // without a point: by name, no distances
    assertThat(names(find(Optional.empty(), Optional.empty(), 10)))
        .containsExactly(
            "A Club Nobody Placed", "Beijing Courts", "Pudong Courts", "Square Courts");
  }

  @Test
  void pagesContinueAfterTheLastVenueShownSoAVenueAddedMeanwhileNeitherRepeatsNorHidesOne() {
    for (String name : List.of("Alpha", "Bravo", "Delta", "Echo")) {
      venue(name, Optional.empty(), Optional.empty());
    }
    Page<VenueFinder.Found> first = find(Optional.empty(), Optional.empty(), 2);
    venue("Aardvark", Optional.empty(), Optional.empty()); // sorts before the cursor
    venue("Charlie", Optional.empty(), Optional.empty()); // sorts after it

    List<String> seen = new ArrayList<>(names(first));
    Optional<String> cursor = first.nextCursor();
    while (cursor.isPresent()) {
      Page<VenueFinder.Found> next =
          finder.find(
              new VenueFinder.Query(
                  Optional.empty(), Optional.empty(), new PageRequest(2, cursor)));
      seen.addAll(names(next));
      cursor = next.nextCursor();
    }

    assertThat(seen).containsExactly("Alpha", "Bravo", "Charlie", "Delta", "Echo");
  }

  @Test
  void aCursorOfAnotherListOrMadeByHandIsRefused() {
    venue("Alpha", Optional.empty(), Optional.of(PUDONG));
    venue("Bravo", Optional.empty(), Optional.of(PUDONG));
    String byName = find(Optional.empty(), Optional.empty(), 1).nextCursor().orElseThrow();

    assertThatThrownBy(
            () ->
                finder.find(
                    new VenueFinder.Query(
                        Optional.empty(),
                        Optional.of(PUDONG),
                        new PageRequest(1, Optional.of(byName)))))
        .isInstanceOf(PageRequest.BadCursor.class);
    assertThatThrownBy(
            () ->
                finder.find(
                    new VenueFinder.Query(
                        Optional.empty(),
                        Optional.empty(),
                        new PageRequest(1, Optional.of("not-a-cursor!")))))
        .isInstanceOf(PageRequest.BadCursor.class);
  }
}
