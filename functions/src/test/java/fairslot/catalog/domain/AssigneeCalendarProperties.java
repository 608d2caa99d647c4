package fairslot.catalog.domain;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.kernel.Interval;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

class AssigneeCalendarProperties {
  private static final Instant BASE = Instant.parse("2026-12-05T00:00:00Z");
  private static final Assignee.Ref COACH = new Assignee.Ref(Assignee.Kind.COACH, "ana");

  @Provide
  Arbitrary<Interval> sessions() {
    return Combinators.combine(
            Arbitraries.integers().between(0, 96), Arbitraries.integers().between(1, 12))
        .as(
            (quarter, quarters) ->
                new Interval(
                    BASE.plusSeconds(quarter * 900L),
                    BASE.plusSeconds((quarter + quarters) * 900L)));
  }

  /**
   * Accepting sessions one by one, as creation does, never leaves two overlapping in a coach's day.
   */
  @Property
  void addingOnlyNonClashingSessionsKeepsTheDayFreeOfOverlaps(
      @ForAll @Size(max = 30) List<@From("sessions") Interval> attempts) {
    AssigneeCalendar day =
        AssigneeCalendar.empty(COACH, BASE.atZone(java.time.ZoneOffset.UTC).toLocalDate());
    Map<String, Interval> accepted = new HashMap<>();
    for (int i = 0; i < attempts.size(); i++) {
      Interval session = attempts.get(i);
      List<String> clashes = day.clashesWith(session);
      List<String> expected =
          accepted.entrySet().stream()
              .filter(e -> e.getValue().overlaps(session))
              .map(Map.Entry::getKey)
              .sorted()
              .toList();
      assertThat(clashes).isEqualTo(expected);
      if (clashes.isEmpty()) {
        day = day.with("slot-" + i, session);
        accepted.put("slot-" + i, session);
      }
    }
    List<Interval> kept = List.copyOf(day.entries().values());
    for (int a = 0; a < kept.size(); a++) {
      for (int b = a + 1; b < kept.size(); b++) {
        assertThat(kept.get(a).overlaps(kept.get(b))).isFalse();
      }
    }
    assertThat(day.version()).isEqualTo(accepted.size());
  }
}
