package fairslot.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class CrowdRunsTest {
  @Test
  void theMedianOfThreeRunsIsTheMiddleValueOfEachFigureWithEveryRunShownBeside() {
    var runs =
        List.of(
            CrowdRuns.parse(
                "granted=50 p50_ms=2000.0 floor_p50_ms=1000.0 p50_ratio=2.00"
                    + " booking_floor_p50_ms=1600.0 p50_ratio_vs_booking_floor=1.25 throughput_ratio=0.40"),
            CrowdRuns.parse(
                "granted=50 p50_ms=1800.0 floor_p50_ms=900.0 p50_ratio=2.00"
                    + " booking_floor_p50_ms=1200.0 p50_ratio_vs_booking_floor=1.50 throughput_ratio=0.50"),
            CrowdRuns.parse(
                "granted=50 p50_ms=2400.0 floor_p50_ms=1500.0 p50_ratio=1.60"
                    + " booking_floor_p50_ms=2000.0 p50_ratio_vs_booking_floor=1.20 throughput_ratio=0.30"));

    String line = CrowdRuns.medians(runs);

    assertThat(line)
        .startsWith(
            "bench flash-crowd medians: runs=3 p50_ms=2000.00 floor_p50_ms=1000.00 p50_ratio=2.00"
                + " booking_floor_p50_ms=1600.00 p50_ratio_vs_booking_floor=1.25"
                + " throughput_ratio=0.40 |")
        .contains("p50_ratio_vs_booking_floor=1.25/1.50/1.20");
  }

  @Test
  void anEvenNumberOfRunsTakesTheMeanOfTheMiddleTwo() {
    var runs = List.of(CrowdRuns.parse("p50_ms=10"), CrowdRuns.parse("p50_ms=20"));

    assertThat(CrowdRuns.medians(runs)).contains(" p50_ms=15.00 ");
  }
}
