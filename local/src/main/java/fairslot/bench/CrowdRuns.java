package fairslot.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the flash crowd in JVMs of its own: {@code -Druns=N} runs, each in a fresh JVM (a crowd
 * after a measured one would not be the same measurement), then, for more than one, the median of
 * each figure the targets name with every run's value beside it. The runs' own lines are printed
 * too.
 *
 * <p>Each JVM compiles as Lambda's java21 runtime does ({@link #LAMBDA_JIT}, which the stack also
 * sets): the crowd's JVM plays the functions. The flags this JVM was given follow them, so
 * FAIRSLOT_BENCH_OPTS still reaches the run (a recording, other -D settings, another JIT).
 */
final class CrowdRuns {
  private CrowdRuns() {}

  /** Lambda stops tiered compilation at C1 for java17 and java21 (FairslotStack sets it too). */
  static final List<String> LAMBDA_JIT =
      List.of("-XX:+TieredCompilation", "-XX:TieredStopAtLevel=1");

  /** A run's lines passed on (its request logs are not). */
  private static final List<String> SHOWN = List.of("bench flash-crowd", "fairslot:", "floor");

  /** Set on a run's own JVM: run the crowd there. */
  static final String CHILD = "fairslot.crowd.run";

  static final List<String> FIGURES =
      List.of(
          "p50_ms",
          "floor_p50_ms",
          "p50_ratio",
          "booking_floor_p50_ms",
          "p50_ratio_vs_booking_floor",
          "throughput_ratio");

  static void run(int runs, int clients, int seats) throws Exception {
    String java = ProcessHandle.current().info().command().orElse("java");
    List<Map<String, String>> all = new ArrayList<>();
    for (int i = 0; i < runs; i++) {
      List<String> command = new ArrayList<>(List.of(java));
      command.addAll(LAMBDA_JIT);
      command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
      command.addAll(
          List.of(
              "-D" + CHILD + "=true",
              "-Dclients=" + clients,
              "-Dseats=" + seats,
              "-Dwarmup=" + Integer.getInteger("warmup", FlashCrowd.WARMUP),
              "-cp",
              System.getProperty("java.class.path"),
              "fairslot.bench.Bench",
              "flash-crowd"));
      Process run = new ProcessBuilder(command).redirectErrorStream(true).start();
      Map<String, String> figures = null;
      Deque<String> last = new ArrayDeque<>();
      try (BufferedReader out =
          new BufferedReader(new InputStreamReader(run.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line = out.readLine(); line != null; line = out.readLine()) {
          if (SHOWN.stream().anyMatch(line::startsWith)) {
            System.out.println(line);
          }
          if (line.startsWith("bench flash-crowd: ")) {
            figures = parse(line.substring("bench flash-crowd: ".length()));
          }
          last.addLast(line);
          if (last.size() > 40) {
            last.removeFirst();
          }
        }
      }
      if (run.waitFor() != 0 || figures == null) {
        throw new IllegalStateException(
            "run " + (i + 1) + " of the crowd failed; its last lines:\n" + String.join("\n", last));
      }
      all.add(figures);
    }
    if (runs > 1) {
      System.out.println(medians(all));
    }
  }

  static Map<String, String> parse(String pairs) {
    Map<String, String> figures = new LinkedHashMap<>();
    for (String pair : pairs.trim().split("\\s+")) {
      int eq = pair.indexOf('=');
      if (eq > 0) {
        figures.put(pair.substring(0, eq), pair.substring(eq + 1));
      }
    }
    return figures;
  }

  /** One line: each figure's median, then every run's value in the order run. */
  static String medians(List<Map<String, String>> runs) {
    StringBuilder line = new StringBuilder("bench flash-crowd medians: runs=" + runs.size());
    StringBuilder each = new StringBuilder();
    for (String figure : FIGURES) {
      List<Double> values =
          runs.stream().map(r -> Double.parseDouble(r.getOrDefault(figure, "NaN"))).toList();
      List<Double> sorted = values.stream().sorted().toList();
      int n = sorted.size();
      double median =
          n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
      line.append(String.format(" %s=%.2f", figure, median));
      each.append(" ")
          .append(figure)
          .append("=")
          .append(String.join("/", values.stream().map(v -> String.format("%.2f", v)).toList()));
    }
    return line.append(" |").append(each).toString();
  }
}
