package fairslot.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairslot.emulator.AwsEndpoint;
import fairslot.emulator.Emulator;
import fairslot.emulator.Provisioner;
import fairslot.local.Hs256Jwt;
import fairslot.local.LocalRuntime;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
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
 * {@code ./fairslot bench <name>}: measurements printed as figures and ratios, never asserted (this
 * machine is small and noisy). Each ends with one {@code bench <name>: key=value ...} line. Every
 * run sends traffic to 127.0.0.1 only and stops by itself.
 */
public final class Bench {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();

  public static void main(String[] args) throws Exception {
    String name = args.length > 0 ? args[0] : "";
    int clients = Integer.getInteger("clients", 1000);
    int seats = Integer.getInteger("seats", 50);
    switch (name) {
      case "flash-crowd" -> {
        int runs = Integer.getInteger("runs", 1);
        if (runs > 1) {
          CrowdRuns.run(runs, clients, seats);
        } else {
          flashCrowd(clients, seats);
        }
      }
      case "flash-crowd-queued" -> QueuedCrowd.run(clients, seats);
      case "naive-oversell" -> naiveOversell(clients, seats);
      case "dynamodb-cost" -> DynamoDbCost.run();
      case "cost-model" -> CostModel.run();
      case "observability" -> ObservabilityCost.run(Integer.getInteger("rounds", 200_000));
      case "cold-start" -> ColdStart.run(Integer.getInteger("rounds", 5));
      case "local-dynamodb" ->
          LocalDynamoDbBench.run(clients, seats, Integer.getInteger("rounds", 200));
      default -> {
        System.err.println(
            "usage: ./fairslot bench flash-crowd|flash-crowd-queued|naive-oversell|dynamodb-cost|cost-model|observability|cold-start|local-dynamodb"
                + " (-Dclients=1000 -Dseats=50, flash-crowd -Druns=3 for medians, via FAIRSLOT_BENCH_OPTS)");
        System.exit(2);
      }
    }
    System.exit(0);
  }

  /** fairslot through the local HTTP API vs. the floor: one raw TransactWriteItems per attempt. */
  static void flashCrowd(int clients, int seats) throws Exception {
    try (LocalRuntime runtime = LocalRuntime.start(quiet("bench-crowd"))) {
      String base = "http://127.0.0.1:" + runtime.port();
      Hs256Jwt jwt = new Hs256Jwt("test-secret", Clock.systemUTC());
      String slotId = slot(base, jwt, seats, "DIRECT");
      String[] tokens = new String[clients];
      for (int i = 0; i < clients; i++) {
        tokens[i] = jwt.sign("fan-" + i, List.of("customer"), Duration.ofHours(1));
      }
      FaultFigures contended = FaultFigures.start(runtime.endpoint());
      Crowd.Result<Integer> fair =
          Crowd.run(
              clients,
              Math.min(clients, 256),
              i ->
                  post(
                      base + "/bookings",
                      tokens[i],
                      "{\"slotId\":\"" + slotId + "\",\"quantity\":1}"));
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
      int remaining = get(base + "/slots/" + slotId).path("remaining").asInt();
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
              + " throughput_ratio_vs_booking_floor=%.2f clients=%d seats=%d%n",
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
          seats);
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
    dynamo.putItem(
        r ->
            r.tableName(table)
                .item(
                    Map.of(
                        "PK",
                        s("SLOT#floor"),
                        "SK",
                        s("SLOT"),
                        "remaining",
                        AttributeValue.fromN(Integer.toString(seats)))));
    return Crowd.run(
        clients,
        Math.min(clients, 256),
        i -> {
          try {
            List<TransactWriteItem> items = new java.util.ArrayList<>();
            items.add(
                TransactWriteItem.builder()
                    .update(
                        Update.builder()
                            .tableName(table)
                            .key(Map.of("PK", s("SLOT#floor"), "SK", s("SLOT")))
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
                              .item(Map.of("PK", s("BOOKING#" + i), "SK", s("ITEM#" + a)))
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

  /**
   * The seeds' bug, kept as a demonstration and never used by the product: read remaining, decide,
   * then write without a condition. Under the same crowd it sells more seats than exist.
   */
  static void naiveOversell(int clients, int seats) throws Exception {
    try (Emulator emulator = Emulator.start();
        DynamoDbClient dynamo = emulator.endpoint().dynamoDb()) {
      String table = "naive";
      Provisioner.createTable(dynamo, table);
      Map<String, AttributeValue> key = Map.of("PK", s("SLOT#naive"), "SK", s("SLOT"));
      dynamo.putItem(
          r ->
              r.tableName(table)
                  .item(
                      Map.of(
                          "PK",
                          s("SLOT#naive"),
                          "SK",
                          s("SLOT"),
                          "remaining",
                          AttributeValue.fromN(Integer.toString(seats)))));
      Crowd.Result<Boolean> run =
          Crowd.run(
              clients,
              Math.min(clients, 256),
              i -> {
                int remaining =
                    Integer.parseInt(
                        dynamo
                            .getItem(r -> r.tableName(table).key(key).consistentRead(true))
                            .item()
                            .get("remaining")
                            .n());
                if (remaining < 1) {
                  return false;
                }
                dynamo.putItem(
                    r ->
                        r.tableName(table)
                            .item(Map.of("PK", s("BOOKING#" + i), "SK", s("BOOKING"))));
                dynamo.updateItem(
                    r ->
                        r.tableName(table)
                            .key(key)
                            .updateExpression("SET remaining = :r")
                            .expressionAttributeValues(
                                Map.of(
                                    ":r", AttributeValue.fromN(Integer.toString(remaining - 1)))));
                return true;
              });
      long sold = run.outcomes().stream().filter(b -> b).count();
      System.out.printf(
          "bench naive-oversell: capacity=%d sold=%d oversold=%d clients=%d%n",
          seats, sold, Math.max(0, sold - seats), clients);
    }
  }

  static LocalRuntime.Settings quiet(String table) {
    LocalRuntime.Settings t = LocalRuntime.Settings.forTests(table);
    return new LocalRuntime.Settings(
        0,
        t.table(),
        t.bus(),
        t.jwtSecret(),
        t.paymentSecret(),
        t.clock(),
        Duration.ofMinutes(5),
        t.payments(),
        t.paymentDelay());
  }

  static String slot(String base, Hs256Jwt jwt, int seats, String admission) throws Exception {
    String admin = jwt.sign("admin", List.of("admin"), Duration.ofHours(1));
    String venue =
        postJson(base + "/venues", admin, "{\"name\":\"Arena\",\"timeZone\":\"UTC\"}")
            .path("venueId")
            .asText();
    String resource =
        postJson(
                base + "/venues/" + venue + "/resources",
                admin,
                "{\"name\":\"Class\",\"kind\":\"SEATS\",\"capacity\":" + seats + "}")
            .path("resourceId")
            .asText();
    LocalDate day = LocalDate.now(ZoneOffset.UTC).plusDays(2);
    return postJson(
            base + "/slots",
            admin,
            "{\"resourceId\":\""
                + resource
                + "\",\"start\":\""
                + day
                + "T10:00:00Z\",\"end\":\""
                + day
                + "T11:00:00Z\",\"priceMinor\":8800,\"currency\":\"CNY\",\"admission\":\""
                + admission
                + "\"}")
        .path("slotId")
        .asText();
  }

  static int post(String url, String token, String body) {
    try {
      return HTTP.send(
              HttpRequest.newBuilder(URI.create(url))
                  .timeout(Duration.ofMinutes(2))
                  .header("Authorization", "Bearer " + token)
                  .POST(HttpRequest.BodyPublishers.ofString(body))
                  .build(),
              HttpResponse.BodyHandlers.discarding())
          .statusCode();
    } catch (Exception e) {
      return -1;
    }
  }

  static JsonNode postJson(String url, String token, String body) throws Exception {
    return JSON.readTree(
        HTTP.send(
                HttpRequest.newBuilder(URI.create(url))
                    .header("Authorization", "Bearer " + token)
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build(),
                HttpResponse.BodyHandlers.ofString())
            .body());
  }

  static JsonNode get(String url) throws Exception {
    return JSON.readTree(
        HTTP.send(
                HttpRequest.newBuilder(URI.create(url)).GET().build(),
                HttpResponse.BodyHandlers.ofString())
            .body());
  }

  static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }
}
