package fairslot.handler;

import static fairslot.testing.ApiDriver.ADMIN;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.Race;
import fairslot.testing.SeatLedger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Weekly generation over DST changes, idempotent reruns, and coach/room clashes enforced
 * atomically.
 */
class ScheduleIT {
  private final ApiDriver api = new ApiDriver("schedule");

  @AfterEach
  void seatLedgerBalances() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  private Reply admin(String routeKey, String body) {
    return api.send(routeKey, e -> e.as("admin-1", ADMIN).body(body));
  }

  private Reply generate(String resourceId, String from, String to, String weekly, String extra) {
    return admin(
        "POST /slots:generate",
        "{\"resourceId\":\""
            + resourceId
            + "\",\"from\":\""
            + from
            + "\",\"to\":\""
            + to
            + "\",\"weekly\":"
            + weekly
            + ",\"priceMinor\":8000,\"currency\":\"EUR\""
            + extra
            + "}");
  }

  private String coach(String venueId) {
    Reply r = admin("POST /coaches", "{\"venueId\":\"" + venueId + "\",\"name\":\"Ana\"}");
    ApiDriver.expect(r, 201);
    assertThat(r.text("venueId")).isEqualTo(venueId);
    return r.text("coachId");
  }

  private String room(String venueId) {
    Reply r = admin("POST /rooms", "{\"venueId\":\"" + venueId + "\",\"name\":\"Studio A\"}");
    ApiDriver.expect(r, 201);
    return r.text("roomId");
  }

  private Reply createSlot(String resourceId, String start, String end, String extra) {
    return admin(
        "POST /slots",
        "{\"resourceId\":\""
            + resourceId
            + "\",\"start\":\""
            + start
            + "\",\"end\":\""
            + end
            + "\",\"priceMinor\":8000,\"currency\":\"EUR\""
            + extra
            + "}");
  }

  private List<JsonNode> slotsOn(String venueId, String date) {
    JsonNode items =
        api.send("GET /slots", e -> e.query("venueId", venueId).query("date", date))
            .json()
            .get("items");
    List<JsonNode> list = new ArrayList<>();
    items.forEach(list::add);
    return list;
  }

  private List<String> starts(String venueId, String date) {
    return slotsOn(venueId, date).stream().map(s -> s.get("start").asText()).toList();
  }

  @Test
  void aMonthOfClassesIsGeneratedAndARerunCreatesNothingNew() {
    String venue = api.venue("Asia/Shanghai", "{}");
    String yoga = api.resource(venue, "SEATS", 12);
    String weekly =
        "[{\"dayOfWeek\":\"TUE\",\"start\":\"18:00\",\"end\":\"19:00\"},"
            + "{\"dayOfWeek\":\"THU\",\"start\":\"07:30\",\"end\":\"08:30\"}]";

    Reply first = generate(yoga, "2026-12-02", "2026-12-31", weekly, "");
    Reply again = generate(yoga, "2026-12-02", "2026-12-31", weekly, "");

    // December 2026 from the 2nd: Tuesdays 8, 15, 22, 29 and Thursdays 3, 10, 17, 24, 31.
    assertThat(first.status()).isEqualTo(200);
    assertThat(first.json().get("created").asInt()).isEqualTo(9);
    assertThat(first.json().get("skipped").asInt()).isZero();
    assertThat(again.json().get("created").asInt()).isZero();
    assertThat(again.json().get("skipped").asInt()).isEqualTo(9);
    List<JsonNode> tuesday = slotsOn(venue, "2026-12-08");
    assertThat(tuesday).hasSize(1);
    assertThat(tuesday.get(0).get("start").asText()).isEqualTo("2026-12-08T18:00:00+08:00");
    assertThat(tuesday.get(0).get("capacity").asInt()).isEqualTo(12);
  }

  @Test
  void eveningEntriesWithTheirOwnPriceMakePeakSessionsAndTheRestKeepTheRulesPrice() {
    String venue = api.venue("Asia/Shanghai", "{}");
    String court = api.resource(venue, "EXCLUSIVE", 1);
    String weekly =
        "[{\"dayOfWeek\":\"TUE\",\"start\":\"10:00\",\"end\":\"11:00\"},"
            + "{\"dayOfWeek\":\"TUE\",\"start\":\"19:00\",\"end\":\"20:00\",\"priceMinor\":12000}]";

    Reply made = generate(court, "2026-12-08", "2026-12-08", weekly, "");
    Reply negative =
        generate(
            court,
            "2026-12-15",
            "2026-12-15",
            "[{\"dayOfWeek\":\"TUE\",\"start\":\"19:00\",\"end\":\"20:00\",\"priceMinor\":-1}]",
            "");

    assertThat(made.json().get("created").asInt()).isEqualTo(2);
    assertThat(slotsOn(venue, "2026-12-08"))
        .extracting(s -> s.get("start").asText() + " " + s.get("priceMinor").asLong())
        .containsExactlyInAnyOrder(
            "2026-12-08T10:00:00+08:00 8000", "2026-12-08T19:00:00+08:00 12000");
    assertThat(negative.status()).isEqualTo(422);
    assertThat(slotsOn(venue, "2026-12-15")).isEmpty();
  }

  @Test
  void aGenerateRetriedWithItsIdempotencyKeyReplaysTheFirstAnswer() {
    String venue = api.venue("Asia/Shanghai", "{}");
    String yoga = api.resource(venue, "SEATS", 12);
    String body =
        "{\"resourceId\":\""
            + yoga
            + "\",\"from\":\"2026-12-02\",\"to\":\"2026-12-09\",\"weekly\":"
            + "[{\"dayOfWeek\":\"WED\",\"start\":\"18:00\",\"end\":\"19:00\"}],\"priceMinor\":800,\"currency\":\"CNY\"}";

    Reply first =
        api.send(
            "POST /slots:generate",
            e -> e.as("admin-1", ADMIN).header("Idempotency-Key", "gen-1").body(body));
    Reply retry =
        api.send(
            "POST /slots:generate",
            e -> e.as("admin-1", ADMIN).header("Idempotency-Key", "gen-1").body(body));

    assertThat(first.json().get("created").asInt()).isEqualTo(2);
    assertThat(retry.body()).isEqualTo(first.body());
    assertThat(slotsOn(venue, "2026-12-09")).hasSize(1);
  }

  @Test
  void generationOverBerlinsSpringChangeKeepsSixPmAndMovesASkippedHourStartDeliberately() {
    String venue = api.venue("Europe/Berlin", "{}");
    String hall = api.resource(venue, "SEATS", 20);

    Reply r =
        generate(
            hall,
            "2027-03-21",
            "2027-04-04",
            "[{\"dayOfWeek\":\"SUN\",\"start\":\"18:00\",\"end\":\"19:00\"},"
                + "{\"dayOfWeek\":\"SUN\",\"start\":\"02:30\",\"end\":\"03:30\"}]",
            "");

    assertThat(r.json().get("created").asInt()).isEqualTo(6);
    assertThat(starts(venue, "2027-03-21"))
        .containsExactly("2027-03-21T02:30:00+01:00", "2027-03-21T18:00:00+01:00");
    assertThat(starts(venue, "2027-03-28"))
        .containsExactly("2027-03-28T03:30:00+02:00", "2027-03-28T18:00:00+02:00");
    assertThat(starts(venue, "2027-04-04")).contains("2027-04-04T18:00:00+02:00");
    JsonNode shifted = r.json().get("shifted");
    assertThat(shifted).hasSize(1);
    assertThat(shifted.get(0).get("date").asText()).isEqualTo("2027-03-28");
    assertThat(shifted.get(0).get("requestedStart").asText()).isEqualTo("02:30");
    assertThat(shifted.get(0).get("start").asText()).isEqualTo("2027-03-28T03:30:00+02:00");
  }

  @Test
  void generationOverNewYorksAutumnChangeCreatesTheRepeatedHourClassOnce() {
    String venue = api.venue("America/New_York", "{}");
    String hall = api.resource(venue, "SEATS", 20);

    Reply r =
        generate(
            hall,
            "2027-10-31",
            "2027-11-14",
            "[{\"dayOfWeek\":\"SUN\",\"start\":\"18:00\",\"end\":\"19:00\"},"
                + "{\"dayOfWeek\":\"SUN\",\"start\":\"01:30\",\"end\":\"02:00\"}]",
            "");

    assertThat(r.json().get("created").asInt()).isEqualTo(6);
    assertThat(starts(venue, "2027-11-07"))
        .containsExactly("2027-11-07T01:30:00-04:00", "2027-11-07T18:00:00-05:00");
    assertThat(starts(venue, "2027-10-31")).contains("2027-10-31T18:00:00-04:00");
  }

  @Test
  void theSameResourceAndStartTwiceIsADuplicateSlotNamingTheFirst() {
    String venue = api.venue("Asia/Shanghai", "{}");
    String court = api.resource(venue, "EXCLUSIVE", 1);

    Reply first = createSlot(court, "2026-12-05T18:00:00", "2026-12-05T19:00:00", "");
    Reply second = createSlot(court, "2026-12-05T18:00:00", "2026-12-05T20:00:00", "");

    assertThat(first.status()).isEqualTo(201);
    assertThat(second.status()).isEqualTo(409);
    assertThat(second.text("code")).isEqualTo("duplicate_slot");
    assertThat(second.text("slotId")).isEqualTo(first.text("slotId"));
  }

  @Test
  void fiftyConcurrentOverlappingSessionsWithOneCoachCreateExactlyOne() throws Exception {
    String venue = api.venue("Asia/Shanghai", "{}");
    String coach = coach(venue);
    List<String> resources = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      resources.add(api.resource(venue, "SEATS", 10));
    }

    List<Reply> replies =
        race(
            50,
            i ->
                createSlot(
                    resources.get(i),
                    "2026-12-05T18:00:00",
                    "2026-12-05T19:" + String.format("%02d", 10 + i) + ":00",
                    ",\"coachId\":\"" + coach + "\""));

    List<Reply> created = replies.stream().filter(r -> r.status() == 201).toList();
    assertThat(created).hasSize(1);
    String winner = created.get(0).text("slotId");
    assertThat(created.get(0).text("coachId")).isEqualTo(coach);
    assertThat(replies.stream().filter(r -> r.status() == 409))
        .hasSize(49)
        .allSatisfy(
            r -> {
              assertThat(r.text("code")).isEqualTo("conflict_coach");
              assertThat(r.json().get("conflicts").get(0).get("slotId").asText()).isEqualTo(winner);
              assertThat(r.contentType()).isEqualTo("application/problem+json");
            });
  }

  @Test
  void fiftyConcurrentOverlappingSessionsInOneRoomCreateExactlyOne() throws Exception {
    String venue = api.venue("Asia/Shanghai", "{}");
    String room = room(venue);
    List<String> resources = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      resources.add(api.resource(venue, "SEATS", 10));
    }

    List<Reply> replies =
        race(
            50,
            i ->
                createSlot(
                    resources.get(i),
                    "2026-12-06T09:" + String.format("%02d", i) + ":00",
                    "2026-12-06T10:30:00",
                    ",\"roomId\":\"" + room + "\""));

    assertThat(replies.stream().filter(r -> r.status() == 201)).hasSize(1);
    assertThat(replies.stream().filter(r -> r.status() == 409).map(r -> r.text("code")))
        .hasSize(49)
        .containsOnly("conflict_room");
  }

  @Test
  void touchingSessionsShareACoachAndASlotCrossingMidnightClashesOnBothDays() {
    String venue = api.venue("UTC", "{}");
    String coach = coach(venue);
    String a = api.resource(venue, "SEATS", 10);
    String b = api.resource(venue, "SEATS", 10);
    String withCoach = ",\"coachId\":\"" + coach + "\"";

    Reply evening = createSlot(a, "2026-12-05T18:00:00Z", "2026-12-05T19:00:00Z", withCoach);
    Reply next = createSlot(b, "2026-12-05T19:00:00Z", "2026-12-05T20:00:00Z", withCoach);
    Reply night = createSlot(a, "2026-12-05T23:00:00Z", "2026-12-06T01:00:00Z", withCoach);
    Reply early = createSlot(b, "2026-12-06T00:30:00Z", "2026-12-06T02:00:00Z", withCoach);

    assertThat(evening.status()).isEqualTo(201);
    assertThat(next.status()).isEqualTo(201);
    assertThat(night.status()).isEqualTo(201);
    assertThat(early.status()).isEqualTo(409);
    assertThat(early.json().get("conflicts").get(0).get("slotId").asText())
        .isEqualTo(night.text("slotId"));
  }

  @Test
  void bulkGenerationReportsTheSessionsThatClashWithTheCoachAndCreatesTheRest() {
    String venue = api.venue("Asia/Shanghai", "{}");
    String coach = coach(venue);
    String yoga = api.resource(venue, "SEATS", 12);
    String spin = api.resource(venue, "SEATS", 12);
    Reply existing =
        createSlot(
            spin, "2026-12-10T18:30:00", "2026-12-10T19:30:00", ",\"coachId\":\"" + coach + "\"");

    Reply r =
        generate(
            yoga,
            "2026-12-02",
            "2026-12-17",
            "[{\"dayOfWeek\":\"THU\",\"start\":\"18:00\",\"end\":\"19:00\"}]",
            ",\"coachId\":\"" + coach + "\"");

    // Thursdays 3, 10 and 17: the 10th clashes with the spin class.
    assertThat(r.json().get("created").asInt()).isEqualTo(2);
    JsonNode rejected = r.json().get("rejected");
    assertThat(rejected).hasSize(1);
    assertThat(rejected.get(0).get("start").asText()).isEqualTo("2026-12-10T18:00:00+08:00");
    assertThat(rejected.get(0).get("code").asText()).isEqualTo("conflict_coach");
    assertThat(rejected.get(0).get("conflicts").get(0).get("slotId").asText())
        .isEqualTo(existing.text("slotId"));
    assertThat(slotsOn(venue, "2026-12-10")).hasSize(1);
  }

  @Test
  void aCoachFromAnotherVenueOrAnUnknownCoachIsRefusedAndNothingIsWritten() {
    String venue = api.venue("Asia/Shanghai", "{}");
    String other = api.venue("Asia/Shanghai", "{}");
    String court = api.resource(venue, "SEATS", 5);
    String foreign = coach(other);

    Reply wrongVenue =
        createSlot(
            court,
            "2026-12-05T18:00:00",
            "2026-12-05T19:00:00",
            ",\"coachId\":\"" + foreign + "\"");
    Reply unknown =
        createSlot(court, "2026-12-05T18:00:00", "2026-12-05T19:00:00", ",\"roomId\":\"nope\"");
    Reply noVenue = admin("POST /coaches", "{\"venueId\":\"nope\",\"name\":\"Bo\"}");

    assertThat(wrongVenue.status()).isEqualTo(422);
    assertThat(unknown.status()).isEqualTo(404);
    assertThat(noVenue.status()).isEqualTo(404);
    assertThat(slotsOn(venue, "2026-12-05")).isEmpty();
  }

  @Test
  void badGenerateRequestsAreRefusedWithAProblemAndCreateNothing() {
    String venue = api.venue("Asia/Shanghai", "{}");
    String hall = api.resource(venue, "SEATS", 5);

    List<Reply> replies =
        List.of(
            generate(
                hall,
                "2026-12-10",
                "2026-12-01",
                "[{\"dayOfWeek\":\"MON\",\"start\":\"18:00\",\"end\":\"19:00\"}]",
                ""),
            generate(
                hall,
                "2026-12-01",
                "2028-12-01",
                "[{\"dayOfWeek\":\"MON\",\"start\":\"18:00\",\"end\":\"19:00\"}]",
                ""),
            generate(
                hall,
                "2026-12-01",
                "2026-12-31",
                "[{\"dayOfWeek\":\"FUNDAY\",\"start\":\"18:00\",\"end\":\"19:00\"}]",
                ""),
            generate(
                hall,
                "2026-12-01",
                "2026-12-31",
                "[{\"dayOfWeek\":\"MON\",\"start\":\"25:00\",\"end\":\"19:00\"}]",
                ""),
            generate(hall, "2026-12-01", "2026-12-31", "[]", ""),
            generate(
                hall,
                "2026-12-01",
                "2026-12-31",
                "[{\"dayOfWeek\":\"MON\",\"start\":\"18:00\",\"end\":\"18:00\"}]",
                ""),
            generate(
                hall,
                "12/01/2026",
                "2026-12-31",
                "[{\"dayOfWeek\":\"MON\",\"start\":\"18:00\",\"end\":\"19:00\"}]",
                ""));

    assertThat(replies)
        .allSatisfy(
            r -> {
              assertThat(r.status()).isEqualTo(422);
              assertThat(r.text("code")).isEqualTo("invalid_request");
            });
    assertThat(slotsOn(venue, "2026-12-07")).isEmpty();
  }

  private static List<Reply> race(int n, java.util.function.IntFunction<Reply> attempt)
      throws Exception {
    return Race.all(n, i -> () -> attempt.apply(i));
  }
}
