package fairslot.bench;

import fairslot.emulator.AwsEndpoint;
import fairslot.emulator.Emulator;
import fairslot.emulator.Provisioner;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * bench cold-start: each handler in a fresh JVM with only the Lambda jar, against the emulator,
 * beside the floor (a JVM that only builds the same SDK client and makes one call). Runs each probe
 * {@code rounds} times and reports medians.
 */
final class ColdStart {
  private static final Pattern FIGURES = Pattern.compile("init_ms=(\\d+) first_invoke_ms=(\\d+)");
  private static final List<String> HANDLERS =
      List.of(
          "fairslot.handler.HttpApiHandler",
          "fairslot.handler.BookingQueueHandler",
          "fairslot.handler.ScheduledJobHandler"); // as sweep-holds

  private ColdStart() {}

  static void run(int rounds) throws Exception {
    Path jar = Path.of("functions/target/fairslot-functions-0.1.0-SNAPSHOT-lambda.jar");
    Path probe = Path.of("local/target/classes");
    if (!Files.exists(jar) || !Files.exists(probe)) {
      throw new IllegalStateException("build first: ./fairslot build");
    }
    try (Emulator emulator = Emulator.start()) {
      AwsEndpoint endpoint = emulator.endpoint();
      Provisioner.createTable(endpoint.dynamoDb(), "cold");
      Map<String, String> env =
          new HashMap<>(
              Map.of(
                  "AWS_ENDPOINT_URL",
                  endpoint.uri().toString(),
                  "AWS_REGION",
                  "us-east-1",
                  "AWS_ACCESS_KEY_ID",
                  "testing",
                  "AWS_SECRET_ACCESS_KEY",
                  "testing",
                  "FAIRSLOT_TABLE",
                  "cold",
                  "FAIRSLOT_BOOKING_QUEUE_URL",
                  endpoint.uri() + "/000000000000/none.fifo"));
      String classpath = jar + File.pathSeparator + probe;
      long[] floor = medians(classpath, env, "floor", rounds);
      System.out.printf(
          "floor (SDK client only): init_ms=%d first_invoke_ms=%d%n", floor[0], floor[1]);
      System.out.println("floor " + loadedClasses(classpath, env, "floor"));
      long[] http = null;
      for (String handler : HANDLERS) {
        long[] m = medians(classpath, env, handler, rounds);
        if (http == null) {
          http = m;
        }
        System.out.printf(
            "%s: init_ms=%d first_invoke_ms=%d init_ratio=%.2f%n",
            handler, m[0], m[1], (double) m[0] / Math.max(1, floor[0]));
        System.out.println(handler + " " + loadedClasses(classpath, env, handler));
      }
      double jarMb = Files.size(jar) / 1024.0 / 1024.0;
      System.out.printf(
          "bench cold-start: init_ms=%d floor_init_ms=%d init_ratio=%.2f first_invoke_ms=%d"
              + " floor_first_invoke_ms=%d jar_mb=%.1f handler=HttpApiHandler rounds=%d%n",
          http[0],
          floor[0],
          (double) http[0] / Math.max(1, floor[0]),
          http[1],
          floor[1],
          jarMb,
          rounds);
    }
  }

  /**
   * The profile behind the figures: one more run of the probe with the JVM's class-load log,
   * counted by origin, for init and for the first invoke (a class loaded is a class read, verified
   * and initialized before the first answer).
   */
  private static String loadedClasses(String classpath, Map<String, String> env, String target)
      throws Exception {
    // The log goes to stdout so that it interleaves with the probe's marker between the phases.
    String out = run(classpath, env, target, List.of("-Xlog:class+load=info:stdout"));
    Map<String, Integer> init = new TreeMap<>();
    Map<String, Integer> invoke = new TreeMap<>();
    Map<String, Integer> phase = init;
    for (String line : out.split("\n")) {
      if (line.startsWith("probe first invoke")) {
        phase = invoke;
        continue;
      }
      int at = line.indexOf("][class,load] ");
      if (at < 0) {
        continue;
      }
      int start = line.indexOf("] ", at + 1) + 2;
      int end = line.indexOf(' ', start);
      if (end > start) {
        phase.merge(origin(line.substring(start, end)), 1, Integer::sum);
      }
    }
    return "init_classes=" + tally(init) + " | first_invoke_classes=" + tally(invoke);
  }

  /** The total of {@code counts} and each origin's share. */
  private static String tally(Map<String, Integer> counts) {
    int total = counts.values().stream().mapToInt(Integer::intValue).sum();
    StringBuilder out = new StringBuilder().append(total);
    counts.forEach((k, v) -> out.append(' ').append(k).append('=').append(v));
    return out.toString();
  }

  private static String origin(String className) {
    for (String[] o :
        new String[][] {
          {"fairslot.", "fairslot"},
          {"software.amazon.awssdk.", "aws_sdk"},
          {"com.fasterxml.jackson.", "jackson"},
          {"com.amazonaws.", "lambda_runtime"},
          {"java.", "jdk"},
          {"javax.", "jdk"},
          {"jdk.", "jdk"},
          {"sun.", "jdk"},
          {"com.sun.", "jdk"}
        }) {
      if (className.startsWith(o[0])) {
        return o[1];
      }
    }
    return "other";
  }

  private static String run(
      String classpath, Map<String, String> env, String target, List<String> jvmFlags)
      throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(CrowdRuns.LAMBDA_JIT);
    command.addAll(jvmFlags);
    command.addAll(List.of("-cp", classpath, "fairslot.bench.ColdStartProbe", target));
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    pb.environment().putAll(env);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor();
    if (!FIGURES.matcher(out).find()) {
      throw new IllegalStateException("probe " + target + " printed no figures:\n" + out);
    }
    return out;
  }

  private static long[] medians(
      String classpath, Map<String, String> env, String target, int rounds) throws Exception {
    List<Long> init = new ArrayList<>();
    List<Long> first = new ArrayList<>();
    for (int i = 0; i < rounds; i++) {
      Matcher m = FIGURES.matcher(run(classpath, env, target, List.of()));
      m.find();
      init.add(Long.parseLong(m.group(1)));
      first.add(Long.parseLong(m.group(2)));
    }
    init.sort(null);
    first.sort(null);
    return new long[] {init.get(init.size() / 2), first.get(first.size() / 2)};
  }
}
