package fairslot.chaos;

import fairslot.emulator.Emulator;
import fairslot.emulator.EmulatorFaults;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code ./fairslot chaos [--runs N] [--seed S]}: random mixed workloads against the real handlers
 * with the emulator's faults on, each followed by the checks in {@link ChaosChecks}. Ends with one
 * line {@code chaos: runs=N seed=S violations=V fivexx=F requests=R faults=...} and exits non-zero
 * on any violation, printing the seed and run that broke. Traffic stays on 127.0.0.1; every run
 * stops by itself.
 */
public final class Chaos {
  /**
   * The faults a run plays under unless FAIRSLOT_FAULTS names others; the seed is the run's own.
   */
  static final String DEFAULT_FAULTS =
      "conflict_ms=20,throttle=0.02,error=0.01,lost_response=0.02,in_progress"
          // a ceiling the serialized emulator can reach (AWS's is 1,000/3,000 a second)
          + ",partition_wcu=60,partition_rcu=240"
          + ",index_lag_ms=200,eventual_reads=0.2,stream_delay_ms=100,stream_dup=0.2,unprocessed=0.2";

  public record Summary(
      int runs,
      long seed,
      List<String> violations,
      long fiveHundreds,
      long requests,
      Map<String, Long> faults) {
    public String line() {
      return "chaos: runs="
          + runs
          + " seed="
          + seed
          + " violations="
          + violations.size()
          + " fivexx="
          + fiveHundreds
          + " requests="
          + requests
          + " faults="
          + faults;
    }
  }

  private Chaos() {}

  public static void main(String[] args) throws Exception {
    int runs = 5;
    long seed = System.currentTimeMillis() % 100_000;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--runs" -> runs = Integer.parseInt(args[++i]);
        case "--seed" -> seed = Long.parseLong(args[++i]);
        default -> {
          System.err.println("usage: ./fairslot chaos [--runs N] [--seed S]");
          System.exit(2);
        }
      }
    }
    Summary summary;
    try {
      summary = run(runs, seed, true);
    } catch (Exception | Error broken) {
      // the runtime's threads would keep the process alive: a broken run must end it, failed
      broken.printStackTrace();
      System.exit(3);
      return;
    }
    System.out.println(summary.line());
    System.exit(summary.violations().isEmpty() ? 0 : 1);
  }

  /** Plays {@code runs} runs from {@code seed} (run i uses seed + i) on one embedded emulator. */
  public static Summary run(int runs, long seed, boolean verbose) throws Exception {
    String base =
        Optional.ofNullable(System.getenv(Emulator.FAULTS_ENV))
            .filter(s -> !s.isBlank())
            .orElse(DEFAULT_FAULTS)
            .replaceAll(",?seed=\\d+", "");
    List<String> violations = new ArrayList<>();
    long fiveHundreds = 0;
    long requests = 0;
    Map<String, Long> faults = new TreeMap<>();
    try (Emulator emulator = Emulator.start(0, "")) {
      EmulatorFaults switchboard = new EmulatorFaults(emulator.endpoint());
      for (int run = 0; run < runs; run++) {
        long runSeed = seed + run;
        try (ChaosWorld world =
            new ChaosWorld(emulator.endpoint(), "chaos-" + runSeed + "-" + run)) {
          long started = System.nanoTime();
          ChaosWorkload work = new ChaosWorkload(world, runSeed);
          work.setUp();
          switchboard.set(base + ",seed=" + runSeed);
          work.play();
          long played = System.nanoTime();
          switchboard.injected().forEach((k, v) -> faults.merge(k, v, Long::sum));
          switchboard.set("");
          quiesce(world);
          work.webhooks.drain();
          work.erasures.settle();
          List<String> broken = ChaosChecks.violations(world, work);
          long calls = world.statuses.values().stream().mapToLong(AtomicLong::get).sum();
          requests += calls;
          fiveHundreds += world.fiveHundreds();
          if (verbose || !broken.isEmpty()) {
            System.out.printf(
                "chaos run %d seed=%d: %d requests %s, %d violation(s), play %.1f s, run %.1f s%n",
                run,
                runSeed,
                calls,
                new TreeMap<>(toLongs(world.statuses)),
                broken.size(),
                (played - started) / 1e9,
                (System.nanoTime() - started) / 1e9);
          }
          for (String v : broken) {
            String line = "run " + run + " seed " + runSeed + ": " + v;
            System.out.println("  VIOLATION " + line);
            violations.add(line);
          }
        } finally {
          switchboard.set("");
        }
      }
    }
    return new Summary(runs, seed, violations, fiveHundreds, requests, faults);
  }

  /** Faults off, then every queue drained and every job run until the world is at rest. */
  private static void quiesce(ChaosWorld world) {
    for (int round = 0; round < 4; round++) {
      world.deliverBookingRequests();
      world.deliverSeatReleased();
      for (String job :
          List.of(
              "sweep-holds",
              "sweep-offers",
              "waitlist-fallback",
              "finish-cancels",
              "decide-minimums",
              "draw-lotteries",
              "refund-retry",
              "stale-requests",
              "payments-reconcile")) {
        world.runJob(job);
      }
      world.drainDlq();
    }
  }

  private static Map<Integer, Long> toLongs(Map<Integer, AtomicLong> counts) {
    Map<Integer, Long> out = new TreeMap<>();
    counts.forEach((k, v) -> out.put(k, v.get()));
    return out;
  }
}
