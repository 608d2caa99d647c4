package fairslot.handler;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The sample events in events/ are real Lambda payloads (API Gateway v2, a DynamoDB stream) the
 * handlers understand.
 */
class SampleEventsIT {
  private static final ObjectMapper MAPPER =
      new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
  private final ApiDriver api = new ApiDriver("events");

  static APIGatewayV2HTTPEvent load(String name) throws Exception {
    return MAPPER.readValue(
        Files.readString(Path.of("..", "events", name)), APIGatewayV2HTTPEvent.class);
  }

  @Test
  void adminCreatesAVenueFromTheSampleEvent() throws Exception {
    Reply r = api.send(load("http-create-venue.json"));

    assertThat(r.status()).isEqualTo(201);
    assertThat(r.json().get("policy").get("holdDuration").asText()).isEqualTo("PT10M");
    assertThat(r.json().get("policy").get("maxPerBooking").asInt()).isEqualTo(2);
  }

  @Test
  void base64BodyIsDecodedAndAnUnknownSlotIsNotFound() throws Exception {
    Reply r = api.send(load("http-book-unknown-slot.json"));

    assertThat(r.status()).isEqualTo(404);
    assertThat(r.text("code")).isEqualTo("not_found");
  }

  @Test
  void theSampleStreamEventBecomesASeatRecordWithTheStockBeforeAndAfter() throws Exception {
    // Lambda's own serializer reads "S"/"N"/"Keys"; case-insensitive names do the same here.
    DynamodbEvent event =
        MAPPER
            .copy()
            .configure(
                com.fasterxml.jackson.databind.MapperFeature.ACCEPT_CASE_INSENSITIVE_PROPERTIES,
                true)
            .readValue(
                Files.readString(Path.of("..", "events", "stream-seat-change.json")),
                DynamodbEvent.class);

    var response = new SeatAuditHandler(api.wiring).handleRequest(event, null);

    assertThat(response.getBatchItemFailures()).isEmpty();
    var record =
        api.send("GET /audit", e -> e.as("admin-1", ApiDriver.ADMIN).query("slotId", "sample-slot"))
            .json()
            .get("items")
            .get(0);
    assertThat(record.get("remainingBefore").asInt()).isEqualTo(4);
    assertThat(record.get("remainingAfter").asInt()).isEqualTo(2);
    assertThat(record.get("actor").asText()).isEqualTo("user-7");
    assertThat(record.get("reason").asText()).isEqualTo("booked (booking b-1)");
  }

  @Test
  void publicSlotReadNeedsNoClaims() throws Exception {
    Reply r = api.send(load("http-get-slot-public.json"));

    assertThat(r.status()).isEqualTo(404);
  }

  @Test
  void theScheduleRulesInputRunsTheJobItNames() throws Exception {
    @SuppressWarnings("unchecked")
    java.util.Map<String, Object> event =
        MAPPER.readValue(
            Files.readString(Path.of("..", "events", "schedule-sweep-holds.json")),
            java.util.Map.class);

    var report = new ScheduledJobHandler(api.wiring).handleRequest(event, null);

    assertThat(report.get("job")).isEqualTo("sweep-holds");
  }

  @Test
  void theAuthorizerReadsItsSampleEventAndRefusesATokenOfAKeyItDoesNotHold() throws Exception {
    @SuppressWarnings("unchecked")
    Map<String, Object> event =
        MAPPER.readValue(
            Files.readString(Path.of("..", "events", "authorizer-request.json")), Map.class);

    Map<String, Object> answer =
        new AuthorizerHandler(AuthorizerHandler.fromEnvironment(Map.of(), Clock.systemUTC()))
            .handleRequest(event, null);

    assertThat(answer).isEqualTo(Map.of("isAuthorized", false));
    assertThat(AuthorizerHandler.bearer(event))
        .hasValueSatisfying(t -> assertThat(t).startsWith("eyJ"));
  }
}
