package fairslot.handler.booking;

import static fairslot.testing.ApiDriver.ADMIN;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.Race;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Twin requests with one Idempotency-Key, racing past the idempotency record, create one item and
 * get one answer.
 */
class IdempotentCreateRaceIT {
  private final ApiDriver api = new ApiDriver("idemrace");

  @org.junit.jupiter.api.AfterEach
  void seatLedgerBalances() {
    fairslot.testing.SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  private List<Reply> twins(String routeKey, String body) throws Exception {
    return Race.all(
        20,
        i ->
            () ->
                api.send(
                    routeKey,
                    e ->
                        e.as("admin-1", ADMIN)
                            .header("Idempotency-Key", "twin-" + routeKey.hashCode())
                            .body(body)));
  }

  private long items(String type) {
    return Aws.dynamo()
        .scanPaginator(r -> r.tableName(api.table).consistentRead(true))
        .items()
        .stream()
        .filter(i -> i.get("type") != null && type.equals(i.get("type").s()))
        .count();
  }

  private static void allCreatedAlike(List<Reply> replies) {
    assertThat(replies).allSatisfy(r -> assertThat(r.status()).as(r.toString()).isEqualTo(201));
    assertThat(replies.stream().map(Reply::body).distinct()).hasSize(1);
  }

  @Test
  void twentyTwinVenueResourceCoachAndSlotCreationsMakeOneOfEach() throws Exception {
    List<Reply> venues = twins("POST /venues", "{\"name\":\"Twin Club\",\"timeZone\":\"UTC\"}");
    allCreatedAlike(venues);
    String venueId = venues.get(0).text("venueId");

    List<Reply> resources =
        Race.all(
            20,
            i ->
                () ->
                    api.send(
                        "POST /venues/{venueId}/resources",
                        e ->
                            e.as("admin-1", ADMIN)
                                .path("venueId", venueId)
                                .header("Idempotency-Key", "twin-resource")
                                .body("{\"name\":\"Court\",\"kind\":\"SEATS\",\"capacity\":4}")));
    allCreatedAlike(resources);
    List<Reply> coaches =
        twins("POST /coaches", "{\"venueId\":\"" + venueId + "\",\"name\":\"Ana\"}");
    allCreatedAlike(coaches);
    List<Reply> slots =
        twins(
            "POST /slots",
            "{\"resourceId\":\""
                + resources.get(0).text("resourceId")
                + "\",\"start\":\"2026-12-05T18:00:00Z\",\"end\":\"2026-12-05T19:00:00Z\",\"priceMinor\":100,"
                + "\"currency\":\"CNY\",\"coachId\":\""
                + coaches.get(0).text("coachId")
                + "\"}");
    allCreatedAlike(slots);

    assertThat(items("VENUE")).isEqualTo(1);
    assertThat(items("RESOURCE")).isEqualTo(1);
    assertThat(items("COACH")).isEqualTo(1);
    assertThat(items("SLOT")).isEqualTo(1);
  }
}
