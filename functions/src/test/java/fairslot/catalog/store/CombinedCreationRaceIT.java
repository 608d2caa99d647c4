package fairslot.catalog.store;

import static fairslot.memory.MemoryWorld.done;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.catalog.app.CatalogService;
import fairslot.catalog.app.CreateResource;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.Assignment;
import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.kernel.IdGenerator;
import fairslot.kernel.Money;
import fairslot.testing.Aws;
import fairslot.testing.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A slot's creation reads which resources share its space, then commits. A combined resource (and a
 * slot of it) made in between must still end linked to the new slot: the creation checks the counts
 * of combined resources it read and reads again when they moved. Each test first forces the exact
 * interleaving, then a crowd races creations and every overlapping pair of space-sharing slots is
 * checked for its links, both ways, from the stored items.
 */
class CombinedCreationRaceIT {
  private static final Instant NOW = Instant.parse("2026-12-01T00:00:00Z");
  private static final Instant HOUR = NOW.plus(Duration.ofDays(1));

  /** Runs once, just before the intercepted client's next transaction. */
  private final AtomicReference<Runnable> meanwhile = new AtomicReference<>();

  private final DynamoDbClient intercepted =
      fairslot.testing.WatchedDynamo.before(
          "TransactWriteItems",
          () -> {
            Runnable now = meanwhile.getAndSet(null);
            if (now != null) {
              now.run();
            }
          });
  private final String table = Aws.freshTable("combinedmade");
  private final ExecutorService pool = Executors.newFixedThreadPool(32);

  @AfterEach
  void stop() {
    pool.shutdownNow();
    intercepted.close();
  }

  private CatalogService service(DynamoDbClient dynamo) {
    return new CatalogService(
        new DynamoDbCatalogStore(dynamo, table), new TestClock(NOW), IdGenerator.random());
  }

  @Test
  void aPartsSlotMadeWhileItsWholeAndTheWholesSlotAreMadeIsLinkedToTheWholesSlot() {
    CatalogService plain = service(Aws.dynamo());
    String venue = venue(plain);
    Resource a = court(plain, venue, List.of());
    Resource b = court(plain, venue, List.of());
    AtomicReference<Slot> wholeSlot = new AtomicReference<>();
    // After the half's creation has read "part of nothing", before it commits.
    meanwhile.set(
        () -> {
          Resource full = court(plain, venue, List.of(a.resourceId(), b.resourceId()));
          wholeSlot.set(slot(plain, full, HOUR, Duration.ofHours(1)));
        });

    Slot half = slot(service(intercepted), a, HOUR, Duration.ofHours(1));

    assertThat(wholeSlot.get()).as("the interleaving happened").isNotNull();
    assertLinked(half, wholeSlot.get());
  }

  @Test
  void aWholesSlotMadeWhileAnotherWholeTakesOneOfItsPartsIsLinkedToThatWholesSlot() {
    CatalogService plain = service(Aws.dynamo());
    String venue = venue(plain);
    Resource a = court(plain, venue, List.of());
    Resource b = court(plain, venue, List.of());
    Resource c = court(plain, venue, List.of());
    Resource ab = court(plain, venue, List.of(a.resourceId(), b.resourceId()));
    AtomicReference<Slot> otherSlot = new AtomicReference<>();
    // After the whole's creation has read its parts' "part of" counts, before it commits.
    meanwhile.set(
        () -> {
          Resource ac = court(plain, venue, List.of(a.resourceId(), c.resourceId()));
          otherSlot.set(slot(plain, ac, HOUR, Duration.ofHours(1)));
        });

    Slot whole = slot(service(intercepted), ab, HOUR, Duration.ofHours(1));

    assertThat(otherSlot.get()).as("the interleaving happened").isNotNull();
    assertLinked(whole, otherSlot.get());
  }

  @Test
  void creationsRacingCombinedResourcesLeaveEveryOverlappingSharingPairLinked() throws Exception {
    for (int round = 0; round < 2; round++) {
      raceOnce();
    }
  }

  /**
   * Four halves, then at once: three combined resources (AB, CD, ABCD) and slots on every resource
   * over six hours, the halves' on the hour and the wholes' on the half hour (each overlaps two of
   * every part's), each creation through one of four containers.
   */
  private void raceOnce() throws Exception {
    CatalogService plain = service(Aws.dynamo());
    List<CatalogService> containers = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      containers.add(service(Aws.dynamo()));
    }
    String venue = venue(plain);
    List<Resource> halves = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      halves.add(court(plain, venue, List.of()));
    }
    List<List<String>> wholes =
        List.of(
            List.of(halves.get(0).resourceId(), halves.get(1).resourceId()),
            List.of(halves.get(2).resourceId(), halves.get(3).resourceId()),
            halves.stream().map(Resource::resourceId).toList());
    List<CompletableFuture<Resource>> made = new ArrayList<>();
    for (int w = 0; w < wholes.size(); w++) {
      List<String> parts = wholes.get(w);
      CatalogService by = containers.get(w % containers.size());
      made.add(CompletableFuture.supplyAsync(() -> court(by, venue, parts), pool));
    }
    Map<String, Slot> slots = new ConcurrentHashMap<>();
    List<CompletableFuture<Void>> creations = new ArrayList<>();
    int n = 0;
    for (int hour = 0; hour < 6; hour++) {
      Instant on = HOUR.plus(Duration.ofHours(hour));
      for (Resource half : halves) {
        CatalogService by = containers.get(n++ % containers.size());
        creations.add(
            CompletableFuture.runAsync(
                () -> slots.put(half.resourceId() + on, slot(by, half, on, Duration.ofHours(1))),
                pool));
      }
      for (CompletableFuture<Resource> whole : made) {
        CatalogService by = containers.get(n++ % containers.size());
        Instant half = on.plus(Duration.ofMinutes(30));
        creations.add(
            whole.thenAcceptAsync(
                r -> slots.put(r.resourceId() + half, slot(by, r, half, Duration.ofHours(1))),
                pool));
      }
    }
    CompletableFuture.allOf(creations.toArray(CompletableFuture[]::new)).get();
    assertThat(slots).hasSize(6 * 7);

    // From the stored items: every overlapping pair of space-sharing slots is linked both ways,
    // and nothing else is.
    DynamoDbCatalogStore store = new DynamoDbCatalogStore(Aws.dynamo(), table);
    Map<String, Resource> resources = new ConcurrentHashMap<>();
    Map<String, Slot> stored = new ConcurrentHashMap<>();
    for (Slot s : slots.values()) {
      stored.put(s.slotId(), store.findSlot(s.slotId()).orElseThrow());
      resources.computeIfAbsent(s.resourceId(), id -> store.findResource(id).orElseThrow());
    }
    for (Slot s : stored.values()) {
      Set<String> sharing =
          resources
              .get(s.resourceId())
              .sharingSpace(p -> store.findResource(p).orElseThrow().partOf());
      Set<String> expected = new java.util.TreeSet<>();
      for (Slot t : stored.values()) {
        if (sharing.contains(t.resourceId()) && t.interval().overlaps(s.interval())) {
          expected.add(t.slotId());
        }
      }
      assertThat(s.rules().counterparts())
          .as("the links of slot %s of %s", s.slotId(), s.resourceId())
          .isEqualTo(expected);
    }
  }

  private void assertLinked(Slot one, Slot other) {
    DynamoDbCatalogStore store = new DynamoDbCatalogStore(Aws.dynamo(), table);
    assertThat(store.findSlot(one.slotId()).orElseThrow().rules().counterparts())
        .containsExactly(other.slotId());
    assertThat(store.findSlot(other.slotId()).orElseThrow().rules().counterparts())
        .containsExactly(one.slotId());
  }

  private static String venue(CatalogService service) {
    return service
        .createVenue(
            new CatalogService.CreateVenue("Hall", ZoneOffset.UTC, VenuePolicy.DEFAULT),
            Optional.empty())
        .venueId();
  }

  private static Resource court(CatalogService service, String venue, List<String> parts) {
    return done(
        service.createResource(
            new CreateResource(venue, "Court", ResourceKind.EXCLUSIVE, 1, Duration.ZERO, parts),
            Optional.empty()));
  }

  /**
   * A slot made as a client makes it: a 503 throttled (the calendars kept changing under a crowd of
   * creations) is asked again, as its Retry-After says; nothing was written by the refused try.
   */
  private static Slot slot(CatalogService service, Resource on, Instant start, Duration length) {
    for (int ask = 1; ; ask++) {
      fairslot.kernel.Outcome<Slot> made = create(service, on, start, length);
      if (ask == 5
          || !(made instanceof fairslot.kernel.Outcome.Refused<Slot> r)
          || r.refusal() != fairslot.kernel.Refusal.THROTTLED) {
        return done(made);
      }
    }
  }

  private static fairslot.kernel.Outcome<Slot> create(
      CatalogService service, Resource on, Instant start, Duration length) {
    return (service.createSlot(
        new CatalogService.CreateSlot(
            on.resourceId(),
            start.toString(),
            start.plus(length).toString(),
            OptionalInt.empty(),
            new Money(5000, "CNY"),
            Admission.DIRECT,
            new Assignment(Optional.empty(), Optional.empty())),
        Optional.empty()));
  }
}
