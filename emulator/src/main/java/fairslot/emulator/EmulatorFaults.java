package fairslot.emulator;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The embedded emulator's fault switch ({@code /_fairslot/faults}, served by faults.py): which
 * faults are on, and how many of each it has injected. Lets a test provision without faults, then
 * turn them on.
 */
public final class EmulatorFaults {
  private static final Pattern COUNT =
      Pattern.compile(
          "\"(conflict|throttle|error|lost_response|partition|in_progress|unprocessed|index_lag|eventual_read|stream_delay|stream_dup)\":\\s*(\\d+)");
  private final URI uri;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  public EmulatorFaults(AwsEndpoint endpoint) {
    this.uri = endpoint.uri().resolve("/_fairslot/faults");
  }

  /** Replaces the fault spec ("" turns faults off) and resets the counts; a bad spec is refused. */
  public void set(String spec) {
    HttpResponse<String> answer =
        send(HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.ofString(spec)));
    if (answer.statusCode() != 200) {
      throw new IllegalArgumentException(answer.body());
    }
  }

  /**
   * Holds the fault layer's clock still (conflict windows, partition seconds, lag): a test then
   * asserts on counts and states, however slowly a busy machine runs it. Setting a spec thaws it.
   */
  public void freezeClock() {
    clock("freeze");
  }

  /** Moves the fault layer's clock on at once, frozen or not. */
  public void advanceClock(Duration by) {
    clock("advance_ms=" + by.toMillis());
  }

  /** Real time again, from where the clock stood. */
  public void thawClock() {
    clock("thaw");
  }

  private void clock(String command) {
    HttpResponse<String> answer =
        send(
            HttpRequest.newBuilder(uri.resolve("/_fairslot/faults/clock"))
                .POST(HttpRequest.BodyPublishers.ofString(command)));
    if (answer.statusCode() != 200) {
      throw new IllegalStateException(answer.body());
    }
  }

  /** The raw report: {@code {"faults": spec|null, "faultsInjected": {...}}}. */
  public String reportJson() {
    return send(HttpRequest.newBuilder(uri).GET()).body();
  }

  /** How many faults of each kind were injected since the spec was last set. */
  public Map<String, Long> injected() {
    Map<String, Long> counts = new LinkedHashMap<>();
    Matcher m = COUNT.matcher(reportJson());
    while (m.find()) {
      counts.put(m.group(1), Long.parseLong(m.group(2)));
    }
    return counts;
  }

  /**
   * DynamoDB data-plane calls the emulator received since the spec was last set (every SDK attempt
   * counts).
   */
  public long dynamoDbCalls() {
    Matcher m = Pattern.compile("\"dynamodb\":\\s*(\\d+)").matcher(reportJson());
    return m.find() ? Long.parseLong(m.group(1)) : 0;
  }

  /**
   * The partition that took the most write units since the spec was set (only with a partition
   * ceiling on): its key's value as JSON, its write and read units, and its busiest second's write
   * units.
   */
  public record Hottest(
      String key, double writeUnits, double readUnits, double peakWriteUnitsPerSecond) {}

  public Optional<Hottest> hottestPartition() {
    Matcher m = HOTTEST.matcher(reportJson());
    return m.find()
        ? Optional.of(
            new Hottest(
                m.group(1),
                Double.parseDouble(m.group(2)),
                Double.parseDouble(m.group(3)),
                Double.parseDouble(m.group(4))))
        : Optional.empty();
  }

  private static final Pattern HOTTEST =
      Pattern.compile(
          "\"hottestPartition\":\\s*\\{.*?\"key\":\\s*(\\{[^}]*\\}),\\s*\"writeUnits\":\\s*([\\d.]+),"
              + "\\s*\"readUnits\":\\s*([\\d.]+),\\s*\"peakWriteUnitsPerSecond\":\\s*([\\d.]+)");

  private HttpResponse<String> send(HttpRequest.Builder request) {
    try {
      return http.send(
          request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
