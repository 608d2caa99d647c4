package fairslot.handler.catalog;

import static fairslot.testing.ApiDriver.ADMIN;
import static fairslot.testing.ApiDriver.CUSTOMER;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.handler.ScheduledJobHandler;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The v1.2 scheduling rules through the HTTP handlers: every create body refuses fields it does not
 * know, a resource's buffer refuses slots inside its gaps (409 conflict_buffer), and a slot's
 * minimum participants is shown and decided, its members told why.
 */
class SchedulingRulesIT {
  private final ApiDriver api = new ApiDriver("rules");
  private final String venueId = api.venue("UTC", "{}");
  private final Instant tomorrow =
      api.clock.instant().plus(Duration.ofDays(1)).truncatedTo(java.time.temporal.ChronoUnit.DAYS);

  @AfterEach
  void seatLedgerBalances() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  private Reply post(String routeKey, Consumer<fairslot.testing.Events.Builder> setup) {
    return api.send(routeKey, e -> setup.accept(e.as("admin-1", ADMIN)));
  }

  private Reply courtWithBuffer(String buffer) {
    return post(
        "POST /venues/{venueId}/resources",
        e ->
            e.path("venueId", venueId)
                .body(
                    "{\"name\":\"Court 1\",\"kind\":\"EXCLUSIVE\",\"bufferAfter\":\""
                        + buffer
                        + "\"}"));
  }

  private Reply slot(String resourceId, String from, String to, String extra) {
    return post(
        "POST /slots",
        e ->
            e.body(
                "{\"resourceId\":\""
                    + resourceId
                    + "\",\"start\":\""
                    + tomorrow.plus(Duration.parse(from))
                    + "\",\"end\":\""
                    + tomorrow.plus(Duration.parse(to))
                    + "\",\"priceMinor\":0,\"currency\":\"CNY\""
                    + extra
                    + "}"));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "POST /venues|{\"name\":\"V\",\"timezone\":\"UTC\"}",
        "POST /venues/{venueId}/resources|{\"name\":\"Full court\",\"kind\":\"EXCLUSIVE\",\"part\":[\"a\",\"b\"]}",
        "POST /venues/{venueId}/resources|{\"name\":\"C\",\"kind\":\"SEATS\",\"capacity\":3,\"buffer\":\"PT5M\"}",
        "POST /coaches|{\"name\":\"Li\",\"venueId\":\"v\",\"email\":\"li@example.com\"}",
        "POST /slots|{\"resourceId\":\"r\",\"start\":\"2026-12-02T10:00:00Z\",\"end\":\"2026-12-02T11:00:00Z\",\"priceMinor\":0,\"currency\":\"CNY\",\"minParticpants\":3}",
        "POST /slots:generate|{\"resourceId\":\"r\",\"from\":\"2026-12-02\",\"to\":\"2026-12-03\",\"weekly\":[{\"dayOfWeek\":\"WED\",\"start\":\"10:00\",\"end\":\"11:00\",\"room\":\"x\"}],\"priceMinor\":0,\"currency\":\"CNY\"}",
        "POST /bookings|{\"slotId\":\"s\",\"quantity\":1,\"coupon\":\"FREE\"}",
        "POST /staff/bookings|{\"slotId\":\"s\",\"quantity\":1,\"customer\":{\"phone\":\"+8613800000000\",\"name\":\"W\",\"vip\":true}}",
      })
  void aCreateBodyWithAFieldItDoesNotKnowIsRefusedAndWritesNothing(String route, String body) {
    int before = SeatLedger.itemCount(Aws.dynamo(), api.table);

    Reply r =
        api.send(
            route,
            e ->
                e.as("admin-1", java.util.List.of("admin", "frontdesk", "customer"))
                    .path("venueId", venueId)
                    .body(body));

    assertThat(r.status()).as(r.body()).isEqualTo(422);
    assertThat(r.contentType()).isEqualTo("application/problem+json");
    assertThat(r.text("code")).isEqualTo("invalid_request");
    assertThat(r.text("detail")).contains("unknown field");
    assertThat(SeatLedger.itemCount(Aws.dynamo(), api.table)).isEqualTo(before);
  }

  @Test
  void aResourcesBufferRefusesSlotsInsideItsGapsAndIsShown() {
    Reply court = courtWithBuffer("PT15M");
    assertThat(court.status()).isEqualTo(201);
    assertThat(court.text("bufferAfter")).isEqualTo("PT15M");
    String courtId = court.text("resourceId");
    String ten = slot(courtId, "PT10H", "PT11H", "").text("slotId");

    Reply inGap = slot(courtId, "PT11H", "PT12H", "");
    Reply before = slot(courtId, "PT8H50M", "PT9H50M", "");
    Reply after = slot(courtId, "PT11H15M", "PT12H15M", "");

    assertThat(inGap.status()).as(inGap.body()).isEqualTo(409);
    assertThat(inGap.text("code")).isEqualTo("conflict_buffer");
    assertThat(inGap.json().get("conflicts").get(0).get("slotId").asText()).isEqualTo(ten);
    assertThat(before.status()).isEqualTo(409);
    assertThat(after.status()).isEqualTo(201);
  }

  @Test
  void aBufferOutOfBoundsIsRefused() {
    assertThat(courtWithBuffer("PT25H").status()).isEqualTo(422);
    assertThat(courtWithBuffer("-PT5M").status()).isEqualTo(422);
    assertThat(courtWithBuffer("soon").status()).isEqualTo(422);
  }

  @Test
  void minimumParticipantsOutOfBoundsAreRefused() {
    String hall = api.resource(venueId, "SEATS", 10);

    assertThat(slot(hall, "PT10H", "PT11H", ",\"minParticipants\":11").status()).isEqualTo(422);
    assertThat(slot(hall, "PT10H", "PT11H", ",\"minParticipants\":0").status()).isEqualTo(422);
    assertThat(slot(hall, "PT10H", "PT11H", ",\"decideBefore\":\"PT1H\"").status()).isEqualTo(422);
    assertThat(
            slot(hall, "PT10H", "PT11H", ",\"minParticipants\":2,\"decideBefore\":\"P31D\"")
                .status())
        .isEqualTo(422);
  }

  @Test
  void aSlotShortOfItsMinimumIsCancelledAndItsMembersAreToldWhy() {
    String hall = api.resource(venueId, "SEATS", 10);
    Reply created = slot(hall, "PT10H", "PT11H", ",\"minParticipants\":3");
    assertThat(created.status()).as(created.body()).isEqualTo(201);
    assertThat(created.text("decideAt")).isEqualTo(tomorrow.plus(Duration.ofHours(8)).toString());
    String slotId = created.text("slotId");
    String bookingId = api.book("solo", slotId, 1).text("bookingId");

    api.clock.advance(Duration.between(api.clock.instant(), tomorrow.plus(Duration.ofHours(8))));
    new ScheduledJobHandler(api.wiring).run("decide-minimums");
    new ScheduledJobHandler(api.wiring).run("send-notifications");

    Reply slot = api.slot(slotId);
    assertThat(slot.text("status")).isEqualTo("CANCELLED");
    assertThat(slot.text("minimumDecision")).isEqualTo("UNDER_MINIMUM");
    assertThat(slot.json().get("confirmed").asBoolean()).isFalse();
    assertThat(api.booking("solo", bookingId).text("status")).isEqualTo("CANCELLED");
    Reply mine = api.send("GET /me/notifications", e -> e.as("solo", CUSTOMER));
    assertThat(mine.json().get("items"))
        .isNotEmpty()
        .anySatisfy(
            n -> {
              assertThat(n.get("kind").asText()).isEqualTo("SLOT_CANCELLED");
              assertThat(n.get("reason").asText()).isEqualTo("UNDER_MINIMUM");
              assertThat(n.get("subject").asText()).contains("too few participants");
            });
  }
}
