package fairslot.member.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class MemberStandingProperties {
  private static final Instant T0 = Instant.parse("2027-01-01T00:00:00Z");

  /**
   * Replays no-shows (gaps in days between them) through the rule and checks each step against a
   * plain recount: a suspension starts exactly when the no-shows since the last suspension that
   * fall within the window reach the rule's strikes.
   */
  @Property
  void aMemberIsSuspendedExactlyWhenStrikesWithinTheWindowReachTheRule(
      @ForAll @IntRange(min = 1, max = 5) int strikes,
      @ForAll @IntRange(min = 1, max = 30) int windowDays,
      @ForAll @Size(max = 12) List<@IntRange(min = 0, max = 20) Integer> gapsInDays) {
    NoShowPolicy rule = new NoShowPolicy(strikes, Duration.ofDays(windowDays), Duration.ofDays(14));
    MemberStanding standing = MemberStanding.clean("u1", "v1");
    List<Instant> sinceSuspension = new ArrayList<>();
    Instant at = T0;
    for (int gap : gapsInDays) {
      at = at.plus(Duration.ofDays(gap));
      Instant now = at.plus(Duration.ofHours(2)); // the job runs after the slot
      MemberStanding before = standing;
      standing = standing.withNoShow(at, now, rule);
      sinceSuspension.add(at);
      Instant from = now.minus(rule.window());
      long counting = sinceSuspension.stream().filter(t -> t.isAfter(from)).count();

      boolean suspends = counting >= strikes;
      assertThat(standing.version()).isEqualTo(before.version() + 1);
      if (suspends) {
        assertThat(standing.suspendedUntil())
            .hasValueSatisfying(u -> assertThat(u).isAfterOrEqualTo(now.plus(Duration.ofDays(14))));
        assertThat(standing.strikes()).isEmpty();
        sinceSuspension.clear();
      } else {
        assertThat(standing.strikes()).hasSize((int) counting);
        assertThat(standing.suspendedUntil()).isEqualTo(before.suspendedUntil());
      }
      assertThat(standing.strikes().size()).isLessThan(strikes);
    }
  }

  @Property
  void aPardonClearsEverythingAndMovesTheVersion(@ForAll @IntRange(min = 0, max = 10) int noShows) {
    NoShowPolicy rule = new NoShowPolicy(3, Duration.ofDays(30), Duration.ofDays(14));
    MemberStanding standing = MemberStanding.clean("u1", "v1");
    for (int i = 0; i < noShows; i++) {
      standing =
          standing.withNoShow(T0.plus(Duration.ofDays(i)), T0.plus(Duration.ofDays(i)), rule);
    }

    MemberStanding pardoned = standing.pardoned();

    assertThat(pardoned.strikes()).isEmpty();
    assertThat(pardoned.suspendedAt(T0.plus(Duration.ofDays(noShows)))).isFalse();
    assertThat(pardoned.version()).isEqualTo(standing.version() + 1);
  }
}
