package fairslot.bench;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code -Druns=N} for the flash crowd: N runs, each in a JVM of its own exactly as a single run is
 * (a crowd after a warmed-up one would not be the same measurement), then the median of each figure
 * the targets name, with every run's value beside it. The runs' own lines are printed too.
 */
final class CrowdRuns {
  private CrowdRuns() {}

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
      Process run =
          new ProcessBuilder(
                  java,
                  "-Dclients=" + clients,
                  "-Dseats=" + seats,
                  "-cp",
                  System.getProperty("java.class.path"),
                  "fairslot.bench.Bench",
                  "flash-crowd")
              .redirectErrorStream(true)
              .start();
      Map<String, String> figures = null;
      try (BufferedReader out =
          new BufferedReader(new InputStreamReader(run.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line = out.readLine(); line != null; line = out.readLine()) {
          if (line.startsWith("bench flash-crowd")) {
            System.out.println(line);
          }
          if (line.startsWith("bench flash-crowd: ")) {
            figures = parse(line.substring("bench flash-crowd: ".length()));
          }
        }
      }
      if (run.waitFor() != 0 || figures == null) {
        throw new IllegalStateException("run " + (i + 1) + " of the crowd failed");
      }
      all.add(figures);
    }
    System.out.println(medians(all));
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
