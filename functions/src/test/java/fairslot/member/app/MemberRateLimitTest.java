package fairslot.member.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.member.domain.RateWindow;
import fairslot.memory.MemoryRateCounterStore;
import fairslot.testing.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class MemberRateLimitTest {
  private final TestClock clock = new TestClock(Instant.parse("2026-12-01T12:00:02Z"));
  private final AtomicInteger writes = new AtomicInteger();
  private final MemoryRateCounterStore counts = new MemoryRateCounterStore();
  private final RateCounterStore shared =
      (user, window, delta) -> {
        writes.incrementAndGet();
        return counts.add(user, window, delta);
      };

  @Test
  void aMemberAtAHumanPaceCostsNoWrite() {
    MemberRateLimit limit = new MemberRateLimit(shared, clock);
    for (int window = 0; window < 5; window++) {
      for (int i = 0; i < MemberRateLimit.REPORT_EVERY - 1; i++) {
        assertThat(limit.admit("ann")).isEmpty();
        limit.reachedTheRules("ann");
      }
      clock.advance(MemberRateLimit.WINDOW);
    }
    assertThat(writes.get()).isZero();
  }

  @Test
  void theRequestPastTheLimitWaitsForTheNextWindowAndOthersAreUnaffected() {
    MemberRateLimit limit = new MemberRateLimit(shared, clock);
    for (int i = 0; i < MemberRateLimit.LIMIT; i++) {
      assertThat(limit.admit("script")).as("request %d", i + 1).isEmpty();
      limit.reachedTheRules("script");
    }
    OptionalLong wait = limit.admit("script");
    assertThat(wait).hasValue(8); // 12:00:02 → the window ends at 12:00:10
    assertThat(limit.admit("ann")).isEmpty();

    clock.advance(Duration.ofSeconds(8));
    assertThat(limit.admit("script")).as("a new window").isEmpty();
  }

  @Test
  void manyContainersTogetherAdmitAtMostTheLimitPlusWhatEachHasNotReported() {
    int containers = 4;
    List<MemberRateLimit> fleet = new ArrayList<>();
    for (int c = 0; c < containers; c++) {
      fleet.add(new MemberRateLimit(shared, clock));
    }
    int admitted = 0;
    for (int i = 0; i < 400; i++) {
      MemberRateLimit container = fleet.get(i % containers);
      if (container.admit("script").isEmpty()) {
        admitted++;
        container.reachedTheRules("script");
      }
    }
    assertThat(admitted)
        .isGreaterThanOrEqualTo(MemberRateLimit.LIMIT)
        .isLessThanOrEqualTo(MemberRateLimit.LIMIT + containers * MemberRateLimit.REPORT_EVERY);
  }

  @Test
  void badInputCountsInItsContainerButNeverWrites() {
    MemberRateLimit limit = new MemberRateLimit(shared, clock);
    for (int i = 0; i < MemberRateLimit.LIMIT; i++) {
      assertThat(limit.admit("garbage")).isEmpty(); // refused as input: never reaches the rules
    }
    assertThat(limit.admit("garbage")).isPresent();
    assertThat(writes.get()).isZero();
  }

  @Test
  void windowsAreAlignedSoEveryContainerCountsTheSameOne() {
    RateWindow w = RateWindow.at(Instant.parse("2026-12-01T12:00:09.999Z"), Duration.ofSeconds(10));
    assertThat(w.start()).isEqualTo(Instant.parse("2026-12-01T12:00:00Z"));
    assertThat(w.secondsLeft(Instant.parse("2026-12-01T12:00:09.999Z"))).isEqualTo(1);
  }
}
