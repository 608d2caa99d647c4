package fairslot.handler.catalog;

import static fairslot.testing.ApiDriver.ADMIN;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Combined resources (v1.2) through the HTTP handlers: a full court made of two half courts. A
 * booking of one takes the space of the others for the overlapping time, whichever slot was created
 * first; the others read no seat and refuse bookings until it is given back.
 */
class CombinedResourcesIT {
  private final ApiDriver api = new ApiDriver("combined");
  private final String venueId = api.venue("UTC", "{}");
  private final Instant tomorrow =
      api.clock.instant().plus(Duration.ofDays(1)).truncatedTo(java.time.temporal.ChronoUnit.DAYS);

  @AfterEach
  void seatLedgerBalancesAndNoSpaceIsSoldTwice() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  private Reply resource(String body) {
    return api.send(
        "POST /venues/{venueId}/resources",
        e -> e.as("admin-1", ADMIN).path("venueId", venueId).body(body));
  }

  private String court(String name) {
    Reply r = resource("{\"name\":\"" + name + "\",\"kind\":\"EXCLUSIVE\"}");
    ApiDriver.expect(r, 201);
    return r.text("resourceId");
  }

  private String combined(String name, String... parts) {
    Reply r =
        resource(
            "{\"name\":\""
                + name
                + "\",\"kind\":\"EXCLUSIVE\",\"parts\":[\""
                + String.join("\",\"", parts)
                + "\"]}");
    ApiDriver.expect(r, 201);
    assertThat(r.json().get("parts")).hasSize(parts.length);
    return r.text("resourceId");
  }

  /** A slot tomorrow from {@code from} to {@code to} after midnight UTC (ISO durations). */
  private String slot(String resourceId, String from, String to) {
    Reply r =
        api.send(
            "POST /slots",
            e ->
                e.as("admin-1", ADMIN)
                    .body(
                        "{\"resourceId\":\""
                            + resourceId
                            + "\",\"start\":\""
                            + tomorrow.plus(Duration.parse(from))
                            + "\",\"end\":\""
                            + tomorrow.plus(Duration.parse(to))
                            + "\",\"priceMinor\":0,\"currency\":\"CNY\"}"));
    ApiDriver.expect(r, 201);
    return r.text("slotId");
  }

  private String booked(String user, String slotId) {
    Reply r = api.book(user, slotId, 1);
    ApiDriver.expect(r, 201);
    return r.text("bookingId");
  }

  private void refusedAsTaken(String user, String slotId) {
    Reply r = api.book(user, slotId, 1);
    assertThat(r.status()).as(r.body()).isEqualTo(409);
    assertThat(r.text("code")).isEqualTo("sold_out");
  }

  @Test
  void bookingTheFullCourtTakesBothHalvesAndItsCancelGivesThemBack() {
    String halfA = court("Half A");
    String halfB = court("Half B");
    // Slots created in every order: a half before the whole, the whole, then the other half.
    String a = slot(halfA, "PT10H", "PT11H");
    String full = combined("Full court", halfA, halfB);
    String f = slot(full, "PT10H", "PT11H");
    String b = slot(halfB, "PT10H", "PT11H");

    String fullBooking = booked("m1", f);

    assertThat(api.remaining(a)).isZero();
    assertThat(api.remaining(b)).isZero();
    refusedAsTaken("m2", a);
    refusedAsTaken("m3", b);
    Reply join =
        api.send(
            "POST /slots/{slotId}/waitlist", e -> e.as("m2", ApiDriver.CUSTOMER).path("slotId", a));
    assertThat(join.status()).as(join.body()).isEqualTo(409);
    assertThat(join.text("code")).as("no seat, and no line to wait in").isEqualTo("sold_out");

    ApiDriver.expect(api.cancel("m1", fullBooking), 200);
    assertThat(api.remaining(a)).isEqualTo(1);
    String halfBooking = booked("m2", a);
    assertThat(api.remaining(f)).isZero();
    refusedAsTaken("m1", f);
    booked("m3", b); // the other half is still free

    ApiDriver.expect(api.cancel("m2", halfBooking), 200);
    refusedAsTaken("m1", f); // one half is still taken
  }

  @Test
  void overlapIsJudgedOnTheTimesNotTheStarts() {
    String halfA = court("Half A");
    String halfB = court("Half B");
    String full = combined("Full court", halfA, halfB);
    String twoHours = slot(full, "PT10H", "PT12H");
    String early = slot(halfA, "PT9H", "PT10H"); // touches: [9, 10) and [10, 12) do not overlap
    String late = slot(halfA, "PT11H", "PT12H");

    booked("m1", late);

    assertThat(api.remaining(twoHours)).isZero();
    refusedAsTaken("m2", twoHours);
    booked("m3", early);
  }

  @Test
  void aCancelledCounterpartFreesTheSpace() {
    String halfA = court("Half A");
    String halfB = court("Half B");
    String full = combined("Full court", halfA, halfB);
    String a = slot(halfA, "PT10H", "PT11H");
    String f = slot(full, "PT10H", "PT11H");
    booked("m1", a);
    refusedAsTaken("m2", f);

    ApiDriver.expect(
        api.send("POST /slots/{slotId}/cancel", e -> e.as("admin-1", ADMIN).path("slotId", a)),
        200);

    booked("m2", f);
    // A slot created later over a cancelled one is not linked to it.
    assertThat(slotItem(slot(halfB, "PT10H", "PT11H")).get("counterparts").ss()).containsExactly(f);
  }

  @Test
  void twoCombinationsSharingCourtsBlockEachOtherAndOnlyTheirCourts() {
    String one = court("Court 1");
    String two = court("Court 2");
    String three = court("Court 3");
    String hall = combined("Hall", one, two, three);
    String half = combined("Half hall", one, two);
    String c1 = slot(one, "PT18H", "PT19H");
    String c3 = slot(three, "PT18H", "PT19H");
    String h = slot(hall, "PT18H", "PT19H");
    String hh = slot(half, "PT18H", "PT19H");

    booked("m1", hh);

    refusedAsTaken("m2", h);
    refusedAsTaken("m3", c1);
    booked("m4", c3);
    assertThat(
            api.send(
                    "GET /availability",
                    e ->
                        e.query("venueId", venueId)
                            .query("date", tomorrow.toString().substring(0, 10))
                            .query("duration", "PT1H"))
                .json()
                .get("items"))
        .isEmpty();
  }

  @Test
  void aFullCourtsSlotsShowNoSeatInTheVenuesDayList() {
    String halfA = court("Half A");
    String halfB = court("Half B");
    String full = combined("Full court", halfA, halfB);
    String a = slot(halfA, "PT10H", "PT11H");
    String f = slot(full, "PT10H", "PT11H");
    booked("m1", a);

    Reply day =
        api.send(
            "GET /slots",
            e -> e.query("venueId", venueId).query("date", tomorrow.toString().substring(0, 10)));

    ApiDriver.expect(day, 200);
    Map<String, Integer> remaining = new java.util.HashMap<>();
    day.json()
        .get("items")
        .forEach(s -> remaining.put(s.get("slotId").asText(), s.get("remaining").asInt()));
    assertThat(remaining).containsEntry(a, 0).containsEntry(f, 0);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "one part",
        "a SEATS part",
        "a part of another venue",
        "a combined part",
        "an unknown part",
        "a SEATS whole",
        "the same part twice"
      })
  void aCombinedResourceNeedsTwoOrMoreExclusivePartsOfItsVenue(String why) {
    String halfA = court("Half A");
    String halfB = court("Half B");
    String bad =
        switch (why) {
          case "one part" -> "[\"" + halfA + "\"]";
          case "a SEATS part" ->
              "[\"" + halfA + "\",\"" + api.resource(venueId, "SEATS", 4) + "\"]";
          case "a part of another venue" ->
              "[\""
                  + halfA
                  + "\",\""
                  + api.resource(api.venue("UTC", "{}"), "EXCLUSIVE", 1)
                  + "\"]";
          case "a combined part" ->
              "[\"" + halfA + "\",\"" + combined("Full", halfA, halfB) + "\"]";
          case "an unknown part" -> "[\"" + halfA + "\",\"no-such-court\"]";
          case "the same part twice" -> "[\"" + halfA + "\",\"" + halfA + "\"]";
          default -> "[\"" + halfA + "\",\"" + halfB + "\"]";
        };
    String kind = why.equals("a SEATS whole") ? "SEATS\",\"capacity\":2" : "EXCLUSIVE\"";
    int before = SeatLedger.itemCount(Aws.dynamo(), api.table);

    Reply r = resource("{\"name\":\"Bad\",\"kind\":\"" + kind + ",\"parts\":" + bad + "}");

    assertThat(r.status()).as(r.body()).isEqualTo(422);
    assertThat(r.contentType()).isEqualTo("application/problem+json");
    assertThat(r.text("code")).isEqualTo("invalid_request");
    assertThat(SeatLedger.itemCount(Aws.dynamo(), api.table)).isEqualTo(before);
  }

  @Test
  void reconcileReportsASpaceSoldTwice() {
    String halfA = court("Half A");
    String halfB = court("Half B");
    String full = combined("Full court", halfA, halfB);
    String a = slot(halfA, "PT10H", "PT11H");
    String f = slot(full, "PT10H", "PT11H");
    String bookingId = booked("m1", a);
    // Plant what no request can do: the same member's booking copied onto the full court, its
    // counter taken with it (the seat ledger still balances; the space does not).
    Map<String, AttributeValue> copy = new java.util.HashMap<>(bookingItem(bookingId));
    copy.put("PK", AttributeValue.fromS("BOOKING#planted"));
    copy.put("bookingId", AttributeValue.fromS("planted"));
    copy.put("slotId", AttributeValue.fromS(f));
    copy.put("bookingSlot", AttributeValue.fromS(f)); // the by-slot index's key
    Aws.dynamo().putItem(r -> r.tableName(api.table).item(copy));
    Aws.dynamo()
        .updateItem(
            r ->
                r.tableName(api.table)
                    .key(slotKey(f))
                    .updateExpression("SET remaining = :zero")
                    .expressionAttributeValues(Map.of(":zero", AttributeValue.fromN("0"))));

    Reply found =
        api.send(
            "POST /admin/reconcile",
            e -> e.as("admin-1", ADMIN).body("{\"slotId\":\"" + f + "\"}"));

    ApiDriver.expect(found, 200);
    assertThat(found.json().get("spaceClashes")).hasSize(1);
    assertThat(found.json().get("spaceClashes").get(0).asText()).isEqualTo(f);
    // Undo the plant so the table's own checks pass.
    Aws.dynamo()
        .deleteItem(
            r ->
                r.tableName(api.table)
                    .key(
                        Map.of(
                            "PK", AttributeValue.fromS("BOOKING#planted"), "SK", copy.get("SK"))));
    Aws.dynamo()
        .updateItem(
            r ->
                r.tableName(api.table)
                    .key(slotKey(f))
                    .updateExpression("SET remaining = :one")
                    .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"))));
    assertThat(
            api.send(
                    "POST /admin/reconcile",
                    e -> e.as("admin-1", ADMIN).body("{\"slotId\":\"" + f + "\"}"))
                .json()
                .get("spaceClashes"))
        .isEmpty();
  }

  private static Map<String, AttributeValue> slotKey(String slotId) {
    return Map.of("PK", AttributeValue.fromS("SLOT#" + slotId), "SK", AttributeValue.fromS("SLOT"));
  }

  private Map<String, AttributeValue> slotItem(String slotId) {
    return Aws.dynamo()
        .getItem(r -> r.tableName(api.table).consistentRead(true).key(slotKey(slotId)))
        .item();
  }

  private Map<String, AttributeValue> bookingItem(String bookingId) {
    List<Map<String, AttributeValue>> found =
        Aws.dynamo()
            .query(
                r ->
                    r.tableName(api.table)
                        .consistentRead(true)
                        .keyConditionExpression("PK = :pk")
                        .expressionAttributeValues(
                            Map.of(":pk", AttributeValue.fromS("BOOKING#" + bookingId))))
            .items();
    return found.stream()
        .filter(i -> i.get("type") != null && i.get("type").s().equals("BOOKING"))
        .findFirst()
        .orElseThrow();
  }
}
