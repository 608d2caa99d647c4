package fairslot.bench;

import fairslot.emulator.AwsEndpoint;
import fairslot.emulator.EmulatorFaults;
import java.util.Map;
import java.util.Optional;

/**
 * The contended figures of a crowd run with FAIRSLOT_FAULTS on: conflicts met (each one an SDK
 * retry under fairslot.aws.AwsRetries), DynamoDB calls per granted booking (every attempt counts,
 * read from the emulator), goodput and the 503s. Counting starts at {@link #start}.
 */
final class FaultFigures {
  private final EmulatorFaults faults;
  private final long started = System.nanoTime();

  private FaultFigures(EmulatorFaults faults) {
    this.faults = faults;
  }

  static FaultFigures start(AwsEndpoint endpoint) {
    EmulatorFaults faults = new EmulatorFaults(endpoint);
    // Setting the spec again resets the counts; the faults themselves stay what the run started
    // with.
    faults.set(Optional.ofNullable(System.getenv("FAIRSLOT_FAULTS")).orElse(""));
    return new FaultFigures(faults);
  }

  /** One line of figures; {@code seconds} is how long the granted bookings took to be decided. */
  String line(long granted, long requests, long throttled, double seconds) {
    Map<String, Long> injected = faults.injected();
    long calls = faults.dynamoDbCalls();
    return String.format(
        "faults=%s conflict_retries=%d ddb_calls=%d ddb_calls_per_granted=%.1f ddb_calls_per_request=%.2f"
            + " goodput_per_s=%.1f"
            + " throttled_503=%d injected=%s",
        Optional.ofNullable(System.getenv("FAIRSLOT_FAULTS"))
            .filter(s -> !s.isBlank())
            .orElse("off"),
        injected.getOrDefault("conflict", 0L),
        calls,
        granted == 0 ? 0.0 : (double) calls / granted,
        requests == 0 ? 0.0 : (double) calls / requests,
        seconds <= 0 ? 0.0 : granted / seconds,
        throttled,
        injected);
  }

  double elapsedSeconds() {
    return (System.nanoTime() - started) / 1e9;
  }
}
