package fairslot.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The CI-size chaos run: a few short random runs with faults on, every rule of ChaosChecks holding.
 */
class ChaosIT {
  @Test
  void threeShortRunsUnderFaultsBreakNoRule() throws Exception {
    Chaos.Summary summary = Chaos.run(3, Long.getLong("chaos.seed", 20261130L), false);

    System.out.println(summary.line());
    assertThat(summary.violations()).isEmpty();
    assertThat(summary.fiveHundreds()).isZero();
    assertThat(summary.requests()).isGreaterThan(300);
    assertThat(summary.faults().values().stream().mapToLong(Long::longValue).sum())
        .as("faults were injected")
        .isGreaterThan(50);
  }
}
