package fairslot.handler.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /availability} (v1.2) through the HTTP handler on the emulator: free runs of
 * back-to-back slots of one resource, public, from the venue-day index.
 */
class AvailabilityIT {
  private final ApiDriver api = new ApiDriver("avail");
  private String venueId;
  private final List<String> courts = new ArrayList<>();

  /** Three courts with hourly slots from 17:00 to 21:00 (Shanghai) on 2026-12-03. */
  @BeforeEach
  void aHallWithHourlyCourts() {
    venueId = api.venue("Asia/Shanghai", "{}");
    Duration fivePm = Duration.ofDays(2).plusHours(9); // 2026-12-03T09:00Z is 17:00 in Shanghai
    for (int c = 0; c < 3; c++) {
      String court = api.resource(venueId, "EXCLUSIVE", 1);
      courts.add(court);
      for (int h = 0; h < 4; h++) {
        api.slot(court, fivePm.plusHours(h), Duration.ofHours(1), 8000);
      }
    }
  }

  private Reply availability(Map<String, String> query) {
    return api.send(
        "GET /availability",
        e -> {
          query.forEach(e::query);
        });
  }

  private Reply twoHours() {
    return availability(Map.of("venueId", venueId, "date", "2026-12-03", "duration", "PT2H"));
  }

  @Test
  void everyCourtsFreeTwoHourRunsAreListedEarliestFirstAndABookingTakesItsRunsAway() {
    JsonNode before = twoHours().json().path("items");
    String sixPm = slotAt(courts.get(0), "2026-12-03T18:00:00+08:00");
    ApiDriver.expect(api.book("u1", sixPm, 1), 201);
    JsonNode after = twoHours().json().path("items");

    assertThat(before).hasSize(9); // 3 courts x starts at 17, 18 and 19
    assertThat(before.get(0).path("start").asText()).isEqualTo("2026-12-03T17:00:00+08:00");
    assertThat(before.get(0).path("end").asText()).isEqualTo("2026-12-03T19:00:00+08:00");
    assertThat(before.get(0).path("slotIds")).hasSize(2);
    assertThat(before.get(0).path("priceMinor").asLong()).isEqualTo(16000);
    assertThat(before.get(0).path("currency").asText()).isEqualTo("CNY");
    // court 0's 17-19 and 18-20 runs need its 18:00 slot, now held
    assertThat(after).hasSize(7);
    assertThat(after).noneSatisfy(r -> assertThat(r.path("slotIds").toString()).contains(sixPm));
    // "any free court at 18:00 for two hours" is the first run starting at 18:00
    JsonNode atSix = null;
    for (JsonNode r : after) {
      if (r.path("start").asText().equals("2026-12-03T18:00:00+08:00")) {
        atSix = r;
        break;
      }
    }
    assertThat(atSix).isNotNull();
    assertThat(atSix.path("resourceId").asText()).isNotEqualTo(courts.get(0));
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  @Test
  void kindAndQuantityNarrowTheRuns() {
    var base = Map.of("venueId", venueId, "date", "2026-12-03", "duration", "PT1H");
    assertThat(availability(with(base, "kind", "EXCLUSIVE")).json().path("items")).hasSize(12);
    assertThat(availability(with(base, "kind", "SEATS")).json().path("items")).isEmpty();
    assertThat(availability(with(base, "quantity", "2")).json().path("items")).isEmpty();
    assertThat(
            availability(Map.of("venueId", venueId, "date", "2026-12-04", "duration", "PT1H"))
                .json()
                .path("items"))
        .isEmpty();
  }

  @Test
  void badQueriesAre422AndAnUnknownVenue404WithProblemBodies() {
    List<Map<String, String>> bad =
        List.of(
            Map.of("date", "2026-12-03", "duration", "PT2H"),
            Map.of("venueId", venueId, "duration", "PT2H"),
            Map.of("venueId", venueId, "date", "2026-13-03", "duration", "PT2H"),
            Map.of("venueId", venueId, "date", "2026-12-03"),
            Map.of("venueId", venueId, "date", "2026-12-03", "duration", "2 hours"),
            Map.of("venueId", venueId, "date", "2026-12-03", "duration", "PT0S"),
            Map.of("venueId", venueId, "date", "2026-12-03", "duration", "-PT1H"),
            Map.of("venueId", venueId, "date", "2026-12-03", "duration", "PT25H"),
            Map.of("venueId", venueId, "date", "2026-12-03", "duration", "PT1H", "quantity", "0"),
            Map.of("venueId", venueId, "date", "2026-12-03", "duration", "PT1H", "quantity", "x"),
            Map.of("venueId", venueId, "date", "2026-12-03", "duration", "PT1H", "kind", "POOL"));
    for (Map<String, String> query : bad) {
      Reply r = availability(query);
      assertThat(r.status()).as("%s: %s", query, r).isEqualTo(422);
      assertThat(r.contentType()).startsWith("application/problem+json");
      assertThat(r.text("code")).isEqualTo("invalid_request");
    }
    Reply unknown =
        availability(Map.of("venueId", "v-none", "date", "2026-12-03", "duration", "PT1H"));
    assertThat(unknown.status()).isEqualTo(404);
  }

  private String slotAt(String court, String start) {
    JsonNode slots =
        api.send("GET /slots", e -> e.query("venueId", venueId).query("date", "2026-12-03"))
            .json()
            .path("items");
    for (JsonNode s : slots) {
      if (s.path("resourceId").asText().equals(court) && s.path("start").asText().equals(start)) {
        return s.path("slotId").asText();
      }
    }
    throw new AssertionError("no slot of " + court + " at " + start + " in " + slots);
  }

  private static Map<String, String> with(Map<String, String> base, String k, String v) {
    Map<String, String> out = new java.util.HashMap<>(base);
    out.put(k, v);
    return out;
  }
}
