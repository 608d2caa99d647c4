package fairslot.catalog.domain;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.kernel.Interval;
import fairslot.kernel.Money;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** Free runs (v1.2 availability) over hand-made days and random ones. */
class AvailabilityProperties {
  private static final Instant NOW = Instant.parse("2026-12-01T00:00:00Z");
  private static final Instant DAY = NOW.plus(Duration.ofDays(1));

  private static Slot slot(String id, String resource, int fromMinute, int minutes, int free) {
    return slot(id, resource, fromMinute, minutes, free, SlotStatus.OPEN, Admission.DIRECT);
  }

  private static Slot slot(
      String id,
      String resource,
      int fromMinute,
      int minutes,
      int free,
      SlotStatus status,
      Admission admission) {
    Instant start = DAY.plus(Duration.ofMinutes(fromMinute));
    return new Slot(
        id,
        "v",
        resource,
        ResourceKind.SEATS,
        new Interval(start, start.plus(Duration.ofMinutes(minutes))),
        4,
        free,
        status,
        new Money(3000, "CNY"),
        admission,
        0,
        ZoneOffset.UTC,
        VenuePolicy.DEFAULT,
        0,
        new Assignment(Optional.empty(), Optional.empty()),
        Inherited.NONE);
  }

  private static Availability.Wanted wanted(int minutes, int quantity) {
    return new Availability.Wanted(Duration.ofMinutes(minutes), quantity, Optional.empty());
  }

  private static List<List<String>> ids(List<Availability.Run> runs) {
    return runs.stream().map(r -> r.slots().stream().map(Slot::slotId).toList()).toList();
  }

  @Test
  void twoHoursOnHourlyCourtsAreEveryPairOfBackToBackFreeHours() {
    List<Slot> day =
        List.of(
            slot("a17", "a", 17 * 60, 60, 1),
            slot("a18", "a", 18 * 60, 60, 1),
            slot("a19", "a", 19 * 60, 60, 0), // sold out
            slot("a20", "a", 20 * 60, 60, 1),
            slot("a21", "a", 21 * 60, 60, 1),
            slot("b18", "b", 18 * 60, 60, 1),
            slot("b19", "b", 19 * 60, 60, 1),
            slot("b21", "b", 21 * 60, 60, 1)); // after a gap

    List<Availability.Run> runs = Availability.runs(day, wanted(120, 1), NOW);

    assertThat(ids(runs))
        .containsExactly(List.of("a17", "a18"), List.of("b18", "b19"), List.of("a20", "a21"));
    assertThat(runs.get(1).start()).isEqualTo(DAY.plus(Duration.ofHours(18)));
    assertThat(runs.get(1).end()).isEqualTo(DAY.plus(Duration.ofHours(20)));
    assertThat(runs.get(0).price()).isEqualTo(new Money(6000, "CNY"));
  }

  @Test
  void closedQueuedStartedAndShortOfSeatsSlotsAreNeverInARun() {
    List<Slot> day =
        List.of(
            slot("open", "a", 0, 60, 2),
            slot("closed", "b", 0, 60, 2, SlotStatus.CLOSED, Admission.DIRECT),
            slot("queued", "c", 0, 60, 2, SlotStatus.OPEN, Admission.QUEUED),
            slot("short", "d", 0, 60, 1));

    assertThat(ids(Availability.runs(day, wanted(60, 2), NOW))).containsExactly(List.of("open"));
    assertThat(Availability.runs(day, wanted(60, 1), DAY.plus(Duration.ofMinutes(1)))).isEmpty();
  }

  @Test
  void aRunIsTheFewestSlotsThatReachTheDurationEvenPastIt() {
    List<Slot> day = List.of(slot("x", "a", 0, 90, 1), slot("y", "a", 90, 90, 1));

    assertThat(ids(Availability.runs(day, wanted(120, 1), NOW))).containsExactly(List.of("x", "y"));
    assertThat(ids(Availability.runs(day, wanted(90, 1), NOW)))
        .containsExactly(List.of("x"), List.of("y"));
  }

  /** A random day: per resource, slots at random offsets (gaps and overlaps), lengths and seats. */
  private static List<Slot> randomDay(List<Integer> seeds) {
    List<Slot> day = new ArrayList<>();
    int[] at = new int[3];
    for (int i = 0; i < seeds.size(); i++) {
      int seed = seeds.get(i);
      int resource = seed % 3;
      int minutes = 30 * (1 + (seed / 3) % 3);
      int gap = 30 * (((seed / 9) % 4) - 1); // -30 (overlap), 0, 30, 60
      int free = (seed / 36) % 3;
      at[resource] = Math.max(0, at[resource] + gap);
      day.add(slot("s" + i, "r" + resource, at[resource], minutes, free));
      at[resource] += minutes;
    }
    return day;
  }

  @Property
  void everyRunIsBackToBackFreeSlotsOfOneResourceThatJustReachTheDuration(
      @ForAll @Size(max = 30) List<@IntRange(min = 0, max = 10_000) Integer> seeds,
      @ForAll @IntRange(min = 1, max = 8) int halfHours,
      @ForAll @IntRange(min = 1, max = 2) int quantity) {
    Duration duration = Duration.ofMinutes(30L * halfHours);
    List<Slot> day = randomDay(seeds);

    List<Availability.Run> runs = Availability.runs(day, wanted(30 * halfHours, quantity), NOW);

    for (Availability.Run run : runs) {
      List<Slot> slots = run.slots();
      assertThat(slots).allSatisfy(s -> assertThat(s.resourceId()).isEqualTo(run.resourceId()));
      assertThat(slots).allSatisfy(s -> assertThat(s.remaining()).isGreaterThanOrEqualTo(quantity));
      for (int i = 1; i < slots.size(); i++) {
        assertThat(slots.get(i).interval().start()).isEqualTo(slots.get(i - 1).interval().end());
      }
      assertThat(Duration.between(run.start(), run.end())).isGreaterThanOrEqualTo(duration);
      Instant lastStart = slots.get(slots.size() - 1).interval().start();
      assertThat(Duration.between(run.start(), lastStart)).isLessThan(duration);
      assertThat(run.price().minor()).isEqualTo(3000L * quantity * slots.size());
    }
    // earliest first, and one run at most from each slot
    for (int i = 1; i < runs.size(); i++) {
      assertThat(runs.get(i).start()).isAfterOrEqualTo(runs.get(i - 1).start());
    }
    assertThat(runs.stream().map(r -> r.slots().get(0).slotId()).distinct().count())
        .isEqualTo(runs.size());
  }

  @Property
  void aFreeSlotAsLongAsTheDurationIsARunOnItsOwn(
      @ForAll @Size(max = 30) List<@IntRange(min = 0, max = 10_000) Integer> seeds) {
    List<Slot> day = randomDay(seeds);

    List<Availability.Run> hourRuns = Availability.runs(day, wanted(60, 1), NOW);

    for (Slot s : day) {
      boolean alone =
          s.remaining() >= 1
              && Duration.between(s.interval().start(), s.interval().end())
                  .equals(Duration.ofHours(1));
      if (alone) {
        assertThat(hourRuns)
            .anySatisfy(
                r -> assertThat(r.slots()).extracting(Slot::slotId).containsExactly(s.slotId()));
      }
    }
  }
}
