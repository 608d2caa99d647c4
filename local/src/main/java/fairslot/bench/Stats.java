package fairslot.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Latency figures of one run. */
record Stats(List<Long> micros, double seconds) {
  static Stats of(List<Long> micros, double seconds) {
    List<Long> sorted = new ArrayList<>(micros);
    Collections.sort(sorted);
    return new Stats(sorted, seconds);
  }

  double p50Ms() {
    return micros.isEmpty() ? 0 : micros.get(micros.size() / 2) / 1000.0;
  }

  double p99Ms() {
    return micros.isEmpty()
        ? 0
        : micros.get(Math.min(micros.size() - 1, (int) (micros.size() * 0.99))) / 1000.0;
  }

  double throughput() {
    return micros.size() / seconds;
  }
}
