package fairslot.handler.booking;

import static fairslot.testing.ApiDriver.ADMIN;
import static fairslot.testing.ApiDriver.CUSTOMER;
import static fairslot.testing.ApiDriver.FRONTDESK;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.Race;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * PATCH /venues/{id} and PATCH /venues/{id}/resources/{id} through the handler against the emulator
 * (v1.1 "Venue operations"): policy snapshots, disabling, and edits racing bookings and slot
 * creation.
 */
class VenueEditIT {
  private final ApiDriver api = new ApiDriver("venueedit");

  @AfterEach
  void seatLedgerBalances() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  private Reply editVenue(String venueId, String body) {
    return editVenue("admin-1", ADMIN, venueId, body);
  }

  private Reply editVenue(String who, List<String> roles, String venueId, String body) {
    return api.send(
        "PATCH /venues/{venueId}", e -> e.as(who, roles).path("venueId", venueId).body(body));
  }

  private Reply editResource(String venueId, String resourceId, String body) {
    return api.send(
        "PATCH /venues/{venueId}/resources/{resourceId}",
        e ->
            e.as("admin-1", ADMIN)
                .path("venueId", venueId)
                .path("resourceId", resourceId)
                .body(body));
  }

  private Reply join(String user, String slotId) {
    return api.send(
        "POST /slots/{slotId}/waitlist", e -> e.as(user, CUSTOMER).path("slotId", slotId));
  }

  private Reply newSlot(String resourceId, Duration startsIn) {
    return api.send(
        "POST /slots",
        e ->
            e.as("admin-1", ADMIN)
                .body(
                    "{\"resourceId\":\""
                        + resourceId
                        + "\",\"start\":\""
                        + api.clock.instant().plus(startsIn)
                        + "\",\"end\":\""
                        + api.clock.instant().plus(startsIn).plusSeconds(3600)
                        + "\",\"priceMinor\":4000,\"currency\":\"CNY\"}"));
  }

  private static Duration held(JsonNode booking) {
    return Duration.between(
        OffsetDateTime.parse(booking.get("createdAt").asText()),
        OffsetDateTime.parse(booking.get("holdExpiresAt").asText()));
  }

  @Test
  void aBookingMadeBeforeACutoffChangeIsJudgedByItsOwnCutoff() {
    String venue = api.venue("Asia/Shanghai", "{\"cancelCutoff\":\"PT2H\"}");
    String slotId =
        api.slot(api.resource(venue, "SEATS", 5), Duration.ofHours(3), Duration.ofHours(1), 4000);
    String before = api.paidBooking("u1", slotId);

    Reply edited = editVenue(venue, "{\"policy\":{\"cancelCutoff\":\"PT4H\"}}");
    String after = api.paidBooking("u2", slotId);

    assertThat(edited.status()).isEqualTo(200);
    assertThat(edited.json().get("policy").get("cancelCutoff").asText()).isEqualTo("PT4H");
    assertThat(edited.json().get("policy").get("holdDuration").asText()).isEqualTo("PT15M");
    assertThat(api.booking("u1", before).json().get("policy").get("cancelCutoff").asText())
        .isEqualTo("PT2H");
    assertThat(api.booking("u2", after).json().get("policy").get("cancelCutoff").asText())
        .isEqualTo("PT4H");
    assertThat(api.cancel("u1", before).status()).isEqualTo(200);
    Reply late = api.cancel("u2", after);
    assertThat(late.status()).isEqualTo(409);
    assertThat(late.text("code")).isEqualTo("cancel_window_closed");
  }

  @Test
  void aHoldChangeReachesNewBookingsAndLeavesHeldOnesTheirDeadline() {
    String venue = api.venue("Asia/Shanghai", "{\"holdDuration\":\"PT15M\"}");
    String slotId =
        api.slot(api.resource(venue, "SEATS", 5), Duration.ofDays(1), Duration.ofHours(1), 4000);
    String before = api.book("u1", slotId, 1).text("bookingId");

    editVenue(venue, "{\"policy\":{\"holdDuration\":\"PT5M\"}}");
    JsonNode after = api.book("u2", slotId, 1).json();

    assertThat(held(api.booking("u1", before).json())).isEqualTo(Duration.ofMinutes(15));
    assertThat(held(after)).isEqualTo(Duration.ofMinutes(5));
    assertThat(after.get("policy").get("holdDuration").asText()).isEqualTo("PT5M");
  }

  @Test
  void aDisabledVenueTakesNoNewSlotsBookingsOrJoinsAndLeavesExistingBookingsAlone() {
    String venue = api.venue("Asia/Shanghai", "{}");
    String resource = api.resource(venue, "SEATS", 1);
    String slotId = api.slot(resource, Duration.ofDays(1), Duration.ofHours(1), 4000);
    String held = api.book("u1", slotId, 1).text("bookingId");

    Reply disabled = editVenue(venue, "{\"status\":\"DISABLED\"}");

    assertThat(disabled.status()).isEqualTo(200);
    assertThat(disabled.json().get("status").asText()).isEqualTo("DISABLED");
    Reply slot = newSlot(resource, Duration.ofDays(2));
    assertThat(slot.status()).isEqualTo(409);
    assertThat(slot.text("code")).isEqualTo("disabled");
    assertThat(api.book("u2", slotId, 1).text("code")).isEqualTo("slot_closed");
    assertThat(join("u3", slotId).text("code")).isEqualTo("slot_closed");
    assertThat(api.slot(slotId).json().get("status").asText()).isEqualTo("CLOSED");
    assertThat(api.booking("u1", held).json().get("status").asText()).isEqualTo("PENDING_PAY");
    assertThat(api.pay("u1", held).status()).isEqualTo(200);
    assertThat(api.cancel("u1", held).status()).isEqualTo(200);

    editVenue(venue, "{\"status\":\"ACTIVE\"}");
    assertThat(api.book("u2", slotId, 1).status()).isEqualTo(201);
    assertThat(newSlot(resource, Duration.ofDays(2)).status()).isEqualTo(201);
  }

  @Test
  void aDisabledResourceClosesItsOwnSlotsOnly() {
    String venue = api.venue("Asia/Shanghai", "{}");
    String court1 = api.resource(venue, "SEATS", 2);
    String court2 = api.resource(venue, "SEATS", 2);
    String slot1 = api.slot(court1, Duration.ofDays(1), Duration.ofHours(1), 4000);
    String slot2 = api.slot(court2, Duration.ofDays(1), Duration.ofHours(1), 4000);

    Reply disabled = editResource(venue, court1, "{\"status\":\"DISABLED\"}");

    assertThat(disabled.status()).isEqualTo(200);
    assertThat(disabled.json().get("status").asText()).isEqualTo("DISABLED");
    assertThat(api.book("u1", slot1, 1).text("code")).isEqualTo("slot_closed");
    assertThat(newSlot(court1, Duration.ofDays(3)).text("code")).isEqualTo("disabled");
    assertThat(api.book("u1", slot2, 1).status()).isEqualTo(201);
  }

  @Test
  void aResourceCapacityChangeIsTheDefaultOfSlotsCreatedAfterwards() {
    String venue = api.venue("Asia/Shanghai", "{}");
    String resource = api.resource(venue, "SEATS", 10);
    String earlier = api.slot(resource, Duration.ofDays(1), Duration.ofHours(1), 4000);

    Reply edited = editResource(venue, resource, "{\"capacity\":20,\"name\":\"Studio B\"}");
    String later = newSlot(resource, Duration.ofDays(2)).text("slotId");

    assertThat(edited.json().get("capacity").asInt()).isEqualTo(20);
    assertThat(edited.json().get("name").asText()).isEqualTo("Studio B");
    assertThat(api.slot(earlier).json().get("capacity").asInt()).isEqualTo(10);
    assertThat(api.slot(later).json().get("capacity").asInt()).isEqualTo(20);
  }

  @Test
  void venueEditsAreAuditedWithEachChangedFieldBeforeAndAfter() {
    String venue = api.venue("Asia/Shanghai", "{\"holdDuration\":\"PT15M\"}");

    editVenue(venue, "{\"name\":\"Harbour Club\",\"policy\":{\"holdDuration\":\"PT10M\"}}");

    JsonNode items =
        api.send("GET /audit", e -> e.as("fin-1", List.of("finance")).query("venueId", venue))
            .json()
            .get("items");
    JsonNode record = StreamSupport.stream(items.spliterator(), false).findFirst().orElseThrow();
    assertThat(items.size()).isEqualTo(1);
    assertThat(record.get("actor").asText()).isEqualTo("admin-1");
    assertThat(record.get("before").get("name").asText()).isEqualTo("Riverside Club");
    assertThat(record.get("after").get("name").asText()).isEqualTo("Harbour Club");
    assertThat(record.get("before").get("holdDuration").asText()).isEqualTo("PT15M");
    assertThat(record.get("after").get("holdDuration").asText()).isEqualTo("PT10M");
    assertThat(record.get("before").has("cancelCutoff")).isFalse();
  }

  @Test
  void onlyAnAdminEditsAndBadInputWritesNothing() {
    String venue = api.venue("Asia/Shanghai", "{}");
    String court = api.resource(venue, "EXCLUSIVE", 1);
    String otherVenue = api.venue("Asia/Shanghai", "{}");

    assertThat(editVenue("desk-1", FRONTDESK, venue, "{\"name\":\"x\"}").status()).isEqualTo(403);
    assertThat(editVenue("u1", CUSTOMER, venue, "{\"name\":\"x\"}").status()).isEqualTo(403);
    assertThat(editVenue(venue, "{\"policy\":{\"holdDuration\":\"PT0S\"}}").status())
        .isEqualTo(422);
    assertThat(editVenue(venue, "{\"policy\":{\"maxPerBooking\":101}}").status()).isEqualTo(422);
    assertThat(editVenue(venue, "{\"policy\":{\"tiers\":[]}}").status()).isEqualTo(422);
    assertThat(editVenue(venue, "{\"status\":\"PAUSED\"}").status()).isEqualTo(422);
    assertThat(editVenue(venue, "{\"name\":\"\"}").status()).isEqualTo(422);
    assertThat(editVenue(venue, "{\"timeZone\":\"UTC\"}").status()).isEqualTo(422);
    assertThat(editVenue("no-such-venue", "{\"name\":\"x\"}").status()).isEqualTo(404);
    assertThat(editResource(venue, court, "{\"capacity\":2}").status()).isEqualTo(422);
    assertThat(editResource(venue, court, "{\"capacity\":0}").status()).isEqualTo(422);
    assertThat(editResource(otherVenue, court, "{\"name\":\"x\"}").status()).isEqualTo(404);
    JsonNode unchanged = api.send("GET /venues/{venueId}", e -> e.path("venueId", venue)).json();
    assertThat(unchanged.get("name").asText()).isEqualTo("Riverside Club");
    assertThat(unchanged.get("policy").get("holdDuration").asText()).isEqualTo("PT15M");
    assertThat(unchanged.get("status").asText()).isEqualTo("ACTIVE");
    assertThat(
            api.send("GET /audit", e -> e.as("admin-1", ADMIN).query("venueId", venue))
                .json()
                .get("items")
                .size())
        .isZero();
  }

  @Test
  void bookingsAndSlotCreationsRacingPolicyEditsEachCarryOneWholePolicyAndTheLastEditWins()
      throws Exception {
    String venue = api.venue("Asia/Shanghai", "{\"holdDuration\":\"PT15M\"}");
    String resource = api.resource(venue, "SEATS", 200);
    String slotId = api.slot(resource, Duration.ofDays(1), Duration.ofHours(1), 4000);
    int[] holdMinutes = {5, 6, 7, 8, 9, 10, 11, 12};

    List<Reply> replies =
        Race.all(
            128,
            i ->
                () -> {
                  if (i < 100) {
                    return api.book("racer-" + i, slotId, 1);
                  }
                  if (i < 120) {
                    return newSlot(resource, Duration.ofDays(2).plusHours(i));
                  }
                  return editVenue(
                      venue, "{\"policy\":{\"holdDuration\":\"PT" + holdMinutes[i - 120] + "M\"}}");
                });

    assertThat(replies).allMatch(r -> r.status() < 500, "no 5xx");
    List<JsonNode> bookings = new ArrayList<>();
    for (Reply r : replies.subList(0, 100)) {
      assertThat(r.status()).isEqualTo(201);
      bookings.add(r.json());
    }
    for (JsonNode b : bookings) {
      // The deadline and the policy shown come from one revision of the policy, never a mix.
      assertThat(held(b).toString()).isEqualTo(b.get("policy").get("holdDuration").asText());
    }
    assertThat(replies.subList(100, 128)).allMatch(r -> r.status() == 201 || r.status() == 200);
    // Every slot, including those created during the edits, now sells under the venue's policy.
    String finalHold =
        api.send("GET /venues/{venueId}", e -> e.path("venueId", venue))
            .json()
            .get("policy")
            .get("holdDuration")
            .asText();
    List<String> slots = new ArrayList<>(List.of(slotId));
    replies.subList(100, 120).forEach(r -> slots.add(r.text("slotId")));
    for (String s : slots) {
      JsonNode late = api.book("late-" + s, s, 1).json();
      assertThat(late.get("policy").get("holdDuration").asText()).isEqualTo(finalHold);
      assertThat(held(late).toString()).isEqualTo(finalHold);
    }
  }
}
