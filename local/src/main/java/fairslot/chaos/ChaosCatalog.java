package fairslot.chaos;

import java.time.Duration;
import java.util.Map;

/** The venues, resources and slots a chaos run plays on, made through the HTTP API. */
final class ChaosCatalog {
  private static final String ADMIN = "admin";
  private final ChaosWorld world;

  ChaosCatalog(ChaosWorld world) {
    this.world = world;
  }

  String venue(String policy) {
    return world
        .call(
            "POST /venues",
            Map.of(),
            ADMIN,
            "admin",
            "{\"name\":\"Chaos Club\",\"timeZone\":\"Asia/Shanghai\",\"policy\":" + policy + "}",
            null)
        .text("venueId");
  }

  /** The {@code n}th slot starts n hours after the first, two days ahead, at 50.00. */
  String slot(int n, String venueId, int capacity, String admission) {
    return slot(n, venueId, capacity, admission, 5000);
  }

  /** A SEATS resource of the venue. */
  String resource(String venueId, int capacity) {
    return world
        .call(
            "POST /venues/{venueId}/resources",
            Map.of("venueId", venueId),
            ADMIN,
            "admin",
            "{\"name\":\"Room\",\"kind\":\"SEATS\",\"capacity\":" + capacity + "}",
            null)
        .text("resourceId");
  }

  String slot(int n, String venueId, int capacity, String admission, long priceMinor) {
    String resourceId = resource(venueId, capacity);
    var start = world.clock.instant().plus(Duration.ofDays(2)).plusSeconds(3600L * n);
    return world
        .call(
            "POST /slots",
            Map.of(),
            ADMIN,
            "admin",
            "{\"resourceId\":\""
                + resourceId
                + "\",\"start\":\""
                + start
                + "\",\"end\":\""
                + start.plus(Duration.ofHours(1))
                + "\",\"priceMinor\":"
                + priceMinor
                + ",\"currency\":\"CNY\","
                + "\"admission\":\""
                + admission
                + "\"}",
            null)
        .text("slotId");
  }
}
