package fairslot.member.store;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.member.app.RateCounterStore;
import fairslot.member.domain.RateWindow;
import fairslot.testing.Race;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every RateCounterStore must do: on the fake (MemoryRateCounterStoreTest), on moto
 * (DynamoDbRateCounterStoreIT) and on dynoxide (DynoxideRateCounterStoreIT). Reports from many
 * containers at once are summed, never lost; each member and window counts alone.
 */
public abstract class RateCounterStoreContract {
  protected abstract RateCounterStore fresh();

  private static final Duration TEN = Duration.ofSeconds(10);
  private static final RateWindow W = RateWindow.at(Instant.parse("2026-12-01T12:00:03Z"), TEN);
  private RateCounterStore store;

  @BeforeEach
  void setUp() {
    store = fresh();
  }

  @Test
  void eachMemberAndWindowCountsAlone() {
    assertThat(store.add("ann", W, 5)).isEqualTo(5);
    assertThat(store.add("ann", W, 5)).isEqualTo(10);
    assertThat(store.add("bob", W, 5)).isEqualTo(5);
    RateWindow next = RateWindow.at(W.end(), TEN);
    assertThat(store.add("ann", next, 5)).isEqualTo(5);
  }

  @Test
  void concurrentReportsAreSummedNeverLost() throws Exception {
    var totals = Race.all(20, i -> () -> store.add("script", W, 5));
    // Every report saw a distinct total (an atomic add), and the last one saw them all.
    assertThat(totals).doesNotHaveDuplicates();
    assertThat(totals.stream().mapToLong(Long::longValue).max().orElseThrow()).isEqualTo(100);
  }
}
