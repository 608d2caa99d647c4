package fairslot.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class IntervalProperties {
  private static final Instant BASE = Instant.parse("2026-12-01T00:00:00Z");

  @Provide
  Arbitrary<Interval> intervals() {
    return Combinators.combine(
            Arbitraries.integers().between(0, 600), Arbitraries.integers().between(1, 300))
        .as(
            (start, length) ->
                new Interval(
                    BASE.plusSeconds(start * 60L), BASE.plusSeconds((start + length) * 60L)));
  }

  @Property
  void overlapIsSymmetric(@ForAll("intervals") Interval a, @ForAll("intervals") Interval b) {
    assertThat(a.overlaps(b)).isEqualTo(b.overlaps(a));
  }

  @Property
  void overlapMeansSomeMinuteLiesInBoth(
      @ForAll("intervals") Interval a, @ForAll("intervals") Interval b) {
    boolean shared = false;
    for (Instant t = BASE; t.isBefore(BASE.plusSeconds(901 * 60L)); t = t.plusSeconds(60)) {
      if (contains(a, t) && contains(b, t)) {
        shared = true;
        break;
      }
    }
    assertThat(a.overlaps(b)).isEqualTo(shared);
  }

  @Property
  void touchingEndsDoNotOverlap(@ForAll("intervals") Interval a, @ForAll("intervals") Interval b) {
    Interval after = new Interval(a.end(), a.end().plus(b.length()));
    assertThat(a.overlaps(after)).isFalse();
    assertThat(a.overlaps(a)).isTrue();
  }

  @Property
  void utcDaysCoverExactlyTheDaysTheIntervalTouches(@ForAll("intervals") Interval a) {
    var days = a.utcDays();
    assertThat(days.get(0))
        .isEqualTo(java.time.LocalDate.ofInstant(a.start(), java.time.ZoneOffset.UTC));
    assertThat(days.get(days.size() - 1))
        .isEqualTo(java.time.LocalDate.ofInstant(a.end().minusNanos(1), java.time.ZoneOffset.UTC));
    assertThat(days).doesNotHaveDuplicates();
  }

  private static boolean contains(Interval i, Instant t) {
    return !t.isBefore(i.start()) && t.isBefore(i.end());
  }
}
