package fairslot.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairslot.emulator.Emulator;
import fairslot.emulator.Provisioner;
import fairslot.local.Hs256Jwt;
import fairslot.local.Settings;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

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
        if (Boolean.getBoolean(CrowdRuns.CHILD)) {
          FlashCrowd.run(clients, seats, Integer.getInteger("warmup", FlashCrowd.WARMUP));
        } else {
          CrowdRuns.run(Integer.getInteger("runs", 1), clients, seats);
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
      putSlot(dynamo, table, "SLOT#naive", seats);
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

  static Settings quiet(String table) {
    Settings t = Settings.forTests(table);
    return new Settings(
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

  /** Members' tokens, signed before a crowd is timed: prefix-0, prefix-1, ... */
  static String[] tokens(Hs256Jwt jwt, String prefix, int n) {
    String[] tokens = new String[n];
    for (int i = 0; i < n; i++) {
      tokens[i] = jwt.sign(prefix + "-" + i, List.of("customer"), Duration.ofHours(1));
    }
    return tokens;
  }

  /** Each token's member books one seat of the slot, all released at once (256 threads at most). */
  static Crowd.Result<Integer> bookingCrowd(String base, String[] tokens, String slotId)
      throws Exception {
    String body = "{\"slotId\":\"" + slotId + "\",\"quantity\":1}";
    return Crowd.run(
        tokens.length,
        Math.min(tokens.length, 256),
        i -> post(base + "/bookings", tokens[i], body));
  }

  /** A bare slot item with {@code seats} remaining, for the floors and the naive demonstration. */
  static void putSlot(DynamoDbClient dynamo, String table, String pk, int seats) {
    dynamo.putItem(
        r ->
            r.tableName(table)
                .item(
                    Map.of(
                        "PK",
                        s(pk),
                        "SK",
                        s("SLOT"),
                        "remaining",
                        AttributeValue.fromN(Integer.toString(seats)))));
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
