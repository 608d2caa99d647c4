package fairslot.handler.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Finding a venue (v1.3) through the HTTP handler on the emulator: venues made and edited by admins
 * with an address and a location, found by anyone by words and nearness, page by page.
 */
class VenueDirectoryIT {
  private final ApiDriver api = new ApiDriver("venuedir");

  private String venue(String name, String placeJson) {
    Reply r =
        api.send(
            "POST /venues",
            e ->
                e.as("admin-1", ApiDriver.ADMIN)
                    .body(
                        "{\"name\":\""
                            + name
                            + "\",\"timeZone\":\"Asia/Shanghai\""
                            + placeJson
                            + "}"));
    ApiDriver.expect(r, 201);
    return r.text("venueId");
  }

  private Reply edit(String venueId, String json) {
    return api.send(
        "PATCH /venues/{venueId}",
        e -> e.as("admin-1", ApiDriver.ADMIN).path("venueId", venueId).body(json));
  }

  private Reply find(Map<String, String> query) {
    return api.send("GET /venues", e -> query.forEach(e::query));
  }

  private static List<String> names(Reply r) {
    List<String> names = new ArrayList<>();
    r.json().path("items").forEach(v -> names.add(v.path("name").asText()));
    return names;
  }

  @Test
  void anyoneFindsTheActiveVenuesByWordsAndNearnessAsAdminsPlacedThem() {
    String square =
        venue(
            "Square Badminton",
            ",\"address\":\"1 People's Square\",\"location\":{\"lat\":31.2304,\"lng\":121.4737}");
    String pudong = venue("Pudong Badminton", ",\"location\":{\"lat\":31.2214,\"lng\":121.5446}");
    String nowhere = venue("Unplaced Tennis", "");
    String shut = venue("Shut Badminton", ",\"location\":{\"lat\":31.23,\"lng\":121.47}");
    ApiDriver.expect(edit(shut, "{\"status\":\"DISABLED\"}"), 200);
    ApiDriver.expect(
        edit(nowhere, "{\"address\":\"9 Bund\",\"location\":{\"lat\":39.9042,\"lng\":116.4074}}"),
        200);

    Reply byName = find(Map.of());
    Reply badminton = find(Map.of("q", "BADMINTON"));
    Reply near = find(Map.of("near", "31.2304,121.4737"));

    ApiDriver.expect(byName, 200);
    assertThat(names(byName))
        .containsExactly("Pudong Badminton", "Square Badminton", "Unplaced Tennis");
    assertThat(names(badminton)).containsExactly("Pudong Badminton", "Square Badminton");
    assertThat(names(near))
        .containsExactly("Square Badminton", "Pudong Badminton", "Unplaced Tennis");
    JsonNode first = near.json().path("items").get(0);
    assertThat(first.path("venueId").asText()).isEqualTo(square);
    assertThat(first.path("distanceMeters").asLong()).isZero();
    assertThat(first.path("address").asText()).isEqualTo("1 People's Square");
    assertThat(first.path("location").path("lat").asDouble()).isEqualTo(31.2304);
    assertThat(first.path("timeZone").asText()).isEqualTo("Asia/Shanghai");
    assertThat(near.json().path("items").get(1).path("distanceMeters").asLong())
        .isBetween(6_500L, 7_200L);
    assertThat(byName.json().path("items").get(0).has("distanceMeters")).isFalse();
    Reply read = api.send("GET /venues/{venueId}", e -> e.path("venueId", nowhere));
    assertThat(read.json().path("address").asText()).isEqualTo("9 Bund");
    assertThat(read.json().path("location").path("lng").asDouble()).isEqualTo(116.4074);
    assertThat(pudong).isNotBlank();
  }

  @Test
  void pagesWalkEveryVenueOnceAndACursorOfAnotherListIsRefused() {
    for (String name : List.of("Alpha", "Bravo", "Charlie", "Delta", "Echo")) {
      venue(name, ",\"location\":{\"lat\":31.2,\"lng\":121.4}");
    }
    List<String> seen = new ArrayList<>();
    String cursor = null;
    do {
      Map<String, String> q =
          cursor == null ? Map.of("limit", "2") : Map.of("limit", "2", "cursor", cursor);
      Reply page = find(q);
      ApiDriver.expect(page, 200);
      seen.addAll(names(page));
      cursor =
          page.json().hasNonNull("nextCursor") ? page.json().path("nextCursor").asText() : null;
    } while (cursor != null);
    String byName = find(Map.of("limit", "2")).json().path("nextCursor").asText();

    Reply misused = find(Map.of("limit", "2", "near", "31.2,121.4", "cursor", byName));

    assertThat(seen).containsExactly("Alpha", "Bravo", "Charlie", "Delta", "Echo");
    ApiDriver.expect(misused, 422);
    assertThat(misused.contentType()).isEqualTo("application/problem+json");
  }

  @Test
  void aBadPlaceIsAClear422AndWritesNothing() {
    List<String> bad =
        List.of(
            ",\"location\":{\"lat\":91,\"lng\":0}",
            ",\"location\":{\"lat\":0,\"lng\":-180.5}",
            ",\"location\":{\"lat\":\"31\",\"lng\":121}",
            ",\"location\":{\"lat\":31}",
            ",\"location\":{\"lat\":31,\"lng\":121,\"alt\":4}",
            ",\"location\":\"31,121\"",
            ",\"address\":\"\"",
            ",\"address\":\"" + "x".repeat(201) + "\"",
            ",\"address\":\"line\\u0000break\"");
    for (String place : bad) {
      Reply r =
          api.send(
              "POST /venues",
              e -> e.as("admin-1", ApiDriver.ADMIN).body("{\"name\":\"Bad Place\"" + place + "}"));
      ApiDriver.expect(r, 422);
      assertThat(r.json().path("code").asText()).as(place).isEqualTo("invalid_request");
    }
    for (String near : List.of("31.2", "north,east", "91,0", "31.2,121.4,7", "NaN,0")) {
      Reply r = find(Map.of("near", near));
      ApiDriver.expect(r, 422);
      assertThat(r.contentType()).isEqualTo("application/problem+json");
    }
    assertThat(names(find(Map.of()))).isEmpty();
  }
}
