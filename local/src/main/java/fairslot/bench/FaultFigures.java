package fairslot.bench;

import fairslot.emulator.AwsEndpoint;
import fairslot.emulator.EmulatorFaults;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
            injected)
        + ceiling(granted, seconds);
  }

  /**
   * With a partition ceiling on: what the hottest partition (the slot's: its seat counter and its
   * members' guards) took per granted booking, the goodput against the ceiling's limit (the
   * ceiling's units a second over those units per booking), and what the same booking would reach
   * on AWS's 1,000 WCU a second.
   */
  private String ceiling(long granted, double seconds) {
    Optional<EmulatorFaults.Hottest> hot = faults.hottestPartition();
    Matcher wcu =
        Pattern.compile("partition_wcu=(\\d+)")
            .matcher(Optional.ofNullable(System.getenv("FAIRSLOT_FAULTS")).orElse(""));
    if (hot.isEmpty() || granted == 0 || !wcu.find()) {
      return "";
    }
    double perBooking = hot.get().writeUnits() / granted;
    double limit = Long.parseLong(wcu.group(1)) / perBooking;
    double goodput = seconds <= 0 ? 0.0 : granted / seconds;
    return String.format(
        " hot_partition=%s hot_wcu=%.0f hot_rcu=%.0f hot_wcu_per_granted=%.1f"
            + " hot_peak_wcu_per_s=%.0f ceiling_bookings_per_s=%.1f goodput_vs_ceiling=%.2f"
            + " aws_bookings_per_s_at_1000_wcu=%.0f",
        hot.get().key().replaceAll("\\s", ""),
        hot.get().writeUnits(),
        hot.get().readUnits(),
        perBooking,
        hot.get().peakWriteUnitsPerSecond(),
        limit,
        goodput / limit,
        1000 / perBooking);
  }

  double elapsedSeconds() {
    return (System.nanoTime() - started) / 1e9;
  }
}
