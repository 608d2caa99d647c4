package fairslot.bench;

import fairslot.local.Hs256Jwt;
import fairslot.local.LocalDynamoDb;
import fairslot.local.LocalRuntime;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code bench local-dynamodb}: the same local runtime with DynamoDB on moto and on dynoxide (the
 * other services on moto both times), measured on what a developer waits for: start-up, one request
 * at a time (a slot read, a booking), a flash crowd, and the emulators' memory. Decides whether
 * {@code ./fairslot local} should keep DynamoDB on moto.
 */
final class LocalDynamoDbBench {
  private LocalDynamoDbBench() {}

  record Figures(
      double startMs,
      Stats reads,
      Stats bookings,
      Stats crowd,
      long granted,
      long errors,
      boolean invariant,
      long rssKb) {}

  static void run(int clients, int seats, int rounds) throws Exception {
    Figures moto = measure(LocalDynamoDb.MOTO, clients, seats, rounds);
    print("moto", moto);
    Figures dynoxide = measure(LocalDynamoDb.DYNOXIDE, clients, seats, rounds);
    print("dynoxide", dynoxide);
    System.out.printf(
        "bench local-dynamodb: start_ratio=%.2f read_p50_ratio=%.2f booking_p50_ratio=%.2f"
            + " crowd_p50_ratio=%.2f crowd_throughput_ratio=%.2f rss_ratio=%.2f"
            + " invariant_moto=%s invariant_dynoxide=%s (ratios are dynoxide/moto) clients=%d"
            + " seats=%d rounds=%d%n",
        dynoxide.startMs() / moto.startMs(),
        dynoxide.reads().p50Ms() / moto.reads().p50Ms(),
        dynoxide.bookings().p50Ms() / moto.bookings().p50Ms(),
        dynoxide.crowd().p50Ms() / moto.crowd().p50Ms(),
        dynoxide.crowd().throughput() / moto.crowd().throughput(),
        (double) dynoxide.rssKb() / moto.rssKb(),
        moto.invariant() ? "ok" : "BROKEN",
        dynoxide.invariant() ? "ok" : "BROKEN",
        clients,
        seats,
        rounds);
  }

  private static Figures measure(LocalDynamoDb which, int clients, int seats, int rounds)
      throws Exception {
    long t0 = System.nanoTime();
    try (LocalRuntime runtime =
        LocalRuntime.start(Bench.quiet("bench-" + which.name().toLowerCase()), which)) {
      double startMs = (System.nanoTime() - t0) / 1e6;
      String base = "http://127.0.0.1:" + runtime.port();
      Hs256Jwt jwt = new Hs256Jwt("test-secret", Clock.systemUTC());
      String roomy = Bench.slot(base, jwt, rounds + 1, "DIRECT");
      Stats reads = sequential(rounds, i -> Bench.get(base + "/slots/" + roomy));
      Stats bookings =
          sequential(
              rounds,
              i ->
                  Bench.post(
                      base + "/bookings",
                      jwt.sign("solo-" + i, List.of("customer"), Duration.ofHours(1)),
                      "{\"slotId\":\"" + roomy + "\",\"quantity\":1}"));
      String hot = Bench.slot(base, jwt, seats, "DIRECT");
      Crowd.Result<Integer> crowd =
          Bench.bookingCrowd(base, Bench.tokens(jwt, "fan", clients), hot);
      long granted = crowd.outcomes().stream().filter(s -> s == 201).count();
      long soldOut = crowd.outcomes().stream().filter(s -> s == 409).count();
      int remaining = Bench.get(base + "/slots/" + hot).path("remaining").asInt();
      return new Figures(
          startMs,
          reads,
          bookings,
          crowd.stats(),
          granted,
          clients - granted - soldOut,
          granted + remaining == seats,
          childrenRssKb());
    }
  }

  interface Call {
    Object apply(int i) throws Exception;
  }

  private static Stats sequential(int rounds, Call call) throws Exception {
    List<Long> micros = new ArrayList<>();
    long start = System.nanoTime();
    for (int i = 0; i < rounds; i++) {
      long t0 = System.nanoTime();
      call.apply(i);
      micros.add((System.nanoTime() - t0) / 1000);
    }
    return Stats.of(micros, (System.nanoTime() - start) / 1e9);
  }

  /** Resident memory of this JVM's child processes (moto, and dynoxide when it runs). */
  private static long childrenRssKb() {
    return ProcessHandle.current()
        .descendants()
        .mapToLong(
            p -> {
              try {
                return Files.readAllLines(Path.of("/proc", "" + p.pid(), "status")).stream()
                    .filter(l -> l.startsWith("VmRSS:"))
                    .mapToLong(l -> Long.parseLong(l.replaceAll("[^0-9]", "")))
                    .sum();
              } catch (Exception gone) {
                return 0;
              }
            })
        .sum();
  }

  private static void print(String name, Figures f) {
    System.out.printf(
        "%s: start_ms=%.0f read_p50_ms=%.1f read_p99_ms=%.1f booking_p50_ms=%.1f"
            + " booking_p99_ms=%.1f crowd_granted=%d crowd_errors=%d crowd_p50_ms=%.1f"
            + " crowd_p99_ms=%.1f crowd_throughput_rps=%.0f invariant=%s children_rss_mb=%d%n",
        name,
        f.startMs(),
        f.reads().p50Ms(),
        f.reads().p99Ms(),
        f.bookings().p50Ms(),
        f.bookings().p99Ms(),
        f.granted(),
        f.errors(),
        f.crowd().p50Ms(),
        f.crowd().p99Ms(),
        f.crowd().throughput(),
        f.invariant() ? "ok" : "BROKEN",
        f.rssKb() / 1024);
  }
}
