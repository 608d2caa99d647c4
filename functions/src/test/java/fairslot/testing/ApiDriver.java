package fairslot.testing;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.JsonNode;
import fairslot.app.IdGenerator;
import fairslot.handler.HttpApiHandler;
import fairslot.handler.Wiring;
import fairslot.handler.internal.Json;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Drives the real {@link HttpApiHandler} with API Gateway events against the emulator, on a table
 * of its own and a clock the test controls.
 */
public final class ApiDriver {
  public static final Instant START = Instant.parse("2026-12-01T00:00:00Z");

  public final String table;
  public final TestClock clock = new TestClock(START);
  public final HttpApiHandler handler;

  public ApiDriver(String tablePrefix) {
    this.table = Aws.freshTable(tablePrefix);
    this.handler = new HttpApiHandler(new Wiring(Aws.dynamo(), table, clock, IdGenerator.random()).httpApi());
  }

  public record Reply(int status, Map<String, String> headers, String body) {
    public JsonNode json() {
      try {
        return Json.MAPPER.readTree(body);
      } catch (Exception e) {
        throw new AssertionError("not JSON: " + body, e);
      }
    }

    public String text(String field) {
      JsonNode v = json().get(field);
      return v == null || v.isNull() ? null : v.asText();
    }

    public String contentType() {
      return headers.getOrDefault("content-type", "");
    }

    @Override
    public String toString() {
      return status + " " + body;
    }
  }

  public Reply send(APIGatewayV2HTTPEvent event) {
    APIGatewayV2HTTPResponse r = handler.handleRequest(event, null);
    return new Reply(r.getStatusCode(), r.getHeaders() == null ? Map.of() : r.getHeaders(), r.getBody());
  }

  public Reply send(String routeKey, Consumer<Events.Builder> setup) {
    Events.Builder b = Events.route(routeKey);
    setup.accept(b);
    return send(b.build());
  }

  public static final List<String> ADMIN = List.of("admin");
  public static final List<String> CUSTOMER = List.of("customer");

  public String venue(String timeZone, String policyJson) {
    Reply r = send("POST /venues", e -> e.as("admin-1", ADMIN)
        .body("{\"name\":\"Riverside Club\",\"timeZone\":\"" + timeZone + "\",\"policy\":" + policyJson + "}"));
    expect(r, 201);
    return r.text("venueId");
  }

  public String resource(String venueId, String kind, int capacity) {
    Reply r = send("POST /venues/{venueId}/resources", e -> e.as("admin-1", ADMIN).path("venueId", venueId)
        .body("{\"name\":\"Court 1\",\"kind\":\"" + kind + "\",\"capacity\":" + capacity + "}"));
    expect(r, 201);
    return r.text("resourceId");
  }

  /** A slot starting {@code startsIn} from the test clock's now, lasting {@code length}. */
  public String slot(String resourceId, Duration startsIn, Duration length, long priceMinor) {
    Instant start = clock.instant().plus(startsIn);
    Reply r = send("POST /slots", e -> e.as("admin-1", ADMIN).body("{\"resourceId\":\"" + resourceId
        + "\",\"start\":\"" + start + "\",\"end\":\"" + start.plus(length)
        + "\",\"priceMinor\":" + priceMinor + ",\"currency\":\"CNY\"}"));
    expect(r, 201);
    return r.text("slotId");
  }

  /** A venue with one resource and one slot tomorrow; returns the slotId. */
  public String openSlot(String kind, int capacity, long priceMinor) {
    String venue = venue("Asia/Shanghai", "{}");
    return slot(resource(venue, kind, capacity), Duration.ofDays(1), Duration.ofHours(1), priceMinor);
  }

  public Reply book(String userId, String slotId, int quantity) {
    return send("POST /bookings", e -> e.as(userId, CUSTOMER)
        .body("{\"slotId\":\"" + slotId + "\",\"quantity\":" + quantity + "}"));
  }

  public Reply slot(String slotId) {
    return send("GET /slots/{slotId}", e -> e.path("slotId", slotId));
  }

  public static void expect(Reply r, int status) {
    if (r.status() != status) {
      throw new AssertionError("expected " + status + " but got " + r);
    }
  }
}
