package fairslot.bench;

import fairslot.emulator.AwsEndpoint;
import fairslot.emulator.Provisioner;
import fairslot.local.Hs256Jwt;
import fairslot.local.LocalRuntime;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * {@code ./fairslot bench flash-crowd}: 1,000 members book a 50-seat slot in the same instant
 * through the local HTTP API, then the same crowd is sent to three floors (raw transactions on the
 * same emulator, without fairslot's code).
 *
 * <p>Before it measures, a smaller crowd (-Dwarmup, 300 by default; 0 turns it off) books another
 * slot and runs the bare floor on another table, and the runtime's consumers get a moment to drain
 * what that left. One JVM plays a thousand Lambda containers here, so without it the measured crowd
 * also paid for loading and compiling the booking path while the floors, run after it, found the
 * SDK's path compiled. {@link CrowdRuns} starts the JVM as Lambda's runtime does (C1 only).
 * docs/performance.md, "The crowd, warmed and compiled as Lambda compiles", has the figures.
 */
final class FlashCrowd {
  static final int WARMUP = 300;
  private static final Duration SETTLE = Duration.ofSeconds(2);

  private FlashCrowd() {}

  private static void warmUp(LocalRuntime runtime, String base, Hs256Jwt jwt, int warmup, int seats)
      throws Exception {
    if (warmup <= 0) {
      return;
    }
    Bench.bookingCrowd(
        base, Bench.tokens(jwt, "warm", warmup), Bench.slot(base, jwt, seats, "DIRECT"));
    floor(runtime.endpoint(), warmup, seats, 2);
    Thread.sleep(SETTLE.toMillis());
  }

  /** fairslot through the local HTTP API vs. the floor: one raw TransactWriteItems per attempt. */
  static void run(int clients, int seats, int warmup) throws Exception {
    try (LocalRuntime runtime = LocalRuntime.start(Bench.quiet("bench-crowd"))) {
      String base = "http://127.0.0.1:" + runtime.port();
      Hs256Jwt jwt = new Hs256Jwt("test-secret", Clock.systemUTC());
      warmUp(runtime, base, jwt, warmup, seats);
      String slotId = Bench.slot(base, jwt, seats, "DIRECT");
      String[] tokens = Bench.tokens(jwt, "fan", clients);
      FaultFigures contended = FaultFigures.start(runtime.endpoint());
      Crowd.Result<Integer> fair = Bench.bookingCrowd(base, tokens, slotId);
      String contendedLine =
          contended.line(
              fair.outcomes().stream().filter(s -> s == 201).count(),
              clients,
              fair.outcomes().stream().filter(s -> s == 503).count(),
              contended.elapsedSeconds());
      long granted = fair.outcomes().stream().filter(s -> s == 201).count();
      long soldOut = fair.outcomes().stream().filter(s -> s == 409).count();
      long errors = clients - granted - soldOut;
      System.out.println("bench flash-crowd contended: " + contendedLine);
      int remaining = Bench.get(base + "/slots/" + slotId).path("remaining").asInt();
      boolean invariant = granted + remaining == seats;

      Crowd.Result<Boolean> floor = floor(runtime.endpoint(), clients, seats, 2);
      long floorGranted = floor.outcomes().stream().filter(b -> b).count();
      // The same transaction shape as a booking (seat + 4 items): separates emulator cost per
      // action from fairslot's own overhead (HTTP, JWT, JSON, the slot read).
      Crowd.Result<Boolean> sameShape = floor(runtime.endpoint(), clients, seats, 5);
      // The booking transaction itself, item for item (conditions, ALL_OLD, a booking's
      // attributes), sent raw: what the emulator charges for a booking's data, without any of
      // fairslot's code.
      Crowd.Result<Boolean> sameItems = BookingShapedFloor.run(runtime.endpoint(), clients, seats);

      System.out.printf(
          "fairslot: granted=%d sold_out=%d errors=%d p50_ms=%.1f p99_ms=%.1f throughput_rps=%.0f%n",
          granted,
          soldOut,
          errors,
          fair.stats().p50Ms(),
          fair.stats().p99Ms(),
          fair.stats().throughput());
      System.out.printf(
          "floor (raw TransactWriteItems): granted=%d p50_ms=%.1f p99_ms=%.1f throughput_rps=%.0f%n",
          floorGranted, floor.stats().p50Ms(), floor.stats().p99Ms(), floor.stats().throughput());
      System.out.printf(
          "floor with a booking's 5 actions: p50_ms=%.1f p99_ms=%.1f throughput_rps=%.0f%n",
          sameShape.stats().p50Ms(), sameShape.stats().p99Ms(), sameShape.stats().throughput());
      System.out.printf(
          "floor with a booking's items (raw, same conditions): p50_ms=%.1f p99_ms=%.1f"
              + " throughput_rps=%.0f%n",
          sameItems.stats().p50Ms(), sameItems.stats().p99Ms(), sameItems.stats().throughput());
      System.out.printf(
          "bench flash-crowd: granted=%d sold_out=%d errors=%d invariant=%s p50_ms=%.1f p99_ms=%.1f"
              + " floor_p50_ms=%.1f p50_ratio=%.2f throughput_ratio=%.2f floor5_p50_ms=%.1f p50_ratio_vs_floor5=%.2f"
              + " throughput_ratio_vs_floor5=%.2f booking_floor_p50_ms=%.1f p50_ratio_vs_booking_floor=%.2f"
              + " throughput_ratio_vs_booking_floor=%.2f clients=%d seats=%d warmup=%d%n",
          granted,
          soldOut,
          errors,
          invariant ? "ok" : "BROKEN",
          fair.stats().p50Ms(),
          fair.stats().p99Ms(),
          floor.stats().p50Ms(),
          fair.stats().p50Ms() / floor.stats().p50Ms(),
          fair.stats().throughput() / floor.stats().throughput(),
          sameShape.stats().p50Ms(),
          fair.stats().p50Ms() / sameShape.stats().p50Ms(),
          fair.stats().throughput() / sameShape.stats().throughput(),
          sameItems.stats().p50Ms(),
          fair.stats().p50Ms() / sameItems.stats().p50Ms(),
          fair.stats().throughput() / sameItems.stats().throughput(),
          clients,
          seats,
          warmup);
    }
  }

  /**
   * The same crowd on a bare slot item: one conditional TransactWriteItems per attempt, nothing
   * else: the seat decrement plus {@code actions - 1} unconditional puts.
   */
  private static Crowd.Result<Boolean> floor(
      AwsEndpoint endpoint, int clients, int seats, int actions) throws Exception {
    DynamoDbClient dynamo = endpoint.dynamoDb();
    String table = "bench-floor-" + UUID.randomUUID().toString().substring(0, 8);
    Provisioner.createTable(dynamo, table);
    Bench.putSlot(dynamo, table, "SLOT#floor", seats);
    return Crowd.run(
        clients,
        Math.min(clients, 256),
        i -> {
          try {
            List<TransactWriteItem> items = new ArrayList<>();
            items.add(
                TransactWriteItem.builder()
                    .update(
                        Update.builder()
                            .tableName(table)
                            .key(Map.of("PK", Bench.s("SLOT#floor"), "SK", Bench.s("SLOT")))
                            .updateExpression("SET remaining = remaining - :one")
                            .conditionExpression("remaining >= :one")
                            .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1")))
                            .build())
                    .build());
            for (int a = 1; a < actions; a++) {
              items.add(
                  TransactWriteItem.builder()
                      .put(
                          Put.builder()
                              .tableName(table)
                              .item(
                                  Map.of("PK", Bench.s("BOOKING#" + i), "SK", Bench.s("ITEM#" + a)))
                              .build())
                      .build());
            }
            dynamo.transactWriteItems(r -> r.transactItems(items));
            return true;
          } catch (TransactionCanceledException soldOut) {
            return false;
          }
        });
  }
}
