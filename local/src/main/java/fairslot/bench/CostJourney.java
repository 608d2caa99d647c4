package fairslot.bench;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import fairslot.definitions.Fairslot;
import fairslot.definitions.ScheduleDefinition;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The scripted stretch of a venue's month the cost model prices, run through the real handlers: an
 * admin opens slots; members sign up and verify an e-mail; each member browses, books, pays, is
 * confirmed, reminded and checked in; one booking in ten is cancelled with a full refund and its
 * seat goes to a member waiting for it, who accepts the offer and pays. Then every scheduled job
 * runs once with nothing due, which is what most of a month's runs are.
 */
final class CostJourney {
  static final int COURTS = 10;
  static final int MEMBERS = 20;
  static final int CANCELS = 2;

  /** What each part used; bookings counts the waiting members' bookings too. */
  record Measured(
      Usage perSlots,
      int slots,
      Usage perMembers,
      int members,
      Usage perBookings,
      int bookings,
      Map<String, Usage> idleJobRuns) {}

  private static final ObjectMapper JSON = new ObjectMapper();
  private final CostWorld world;
  private final List<String> failures = new ArrayList<>();

  CostJourney(CostWorld world) {
    this.world = world;
  }

  Measured run() {
    JsonNode venue =
        ok(admin("POST /venues", Map.of(), "{\"name\":\"Hall\",\"timeZone\":\"Asia/Shanghai\"}"));
    String venueId = venue.path("venueId").asText();
    List<String> courts = new ArrayList<>();
    for (int c = 0; c < COURTS; c++) {
      courts.add(
          ok(admin(
                  "POST /venues/{venueId}/resources",
                  Map.of("venueId", venueId),
                  "{\"name\":\"Court " + c + "\",\"kind\":\"EXCLUSIVE\",\"capacity\":1}"))
              .path("resourceId")
              .asText());
    }
    Instant day = world.clock.instant().plus(Duration.ofDays(2)).truncatedTo(ChronoUnit.DAYS);
    Instant first = day.plus(Duration.ofHours(2)); // 10:00 in Shanghai
    Usage start = world.usage();
    List<String> slots = new ArrayList<>();
    for (int i = 0; i < MEMBERS; i++) {
      Instant at = first.plus(Duration.ofHours(i / COURTS));
      slots.add(
          ok(admin(
                  "POST /slots",
                  Map.of(),
                  "{\"resourceId\":\""
                      + courts.get(i % COURTS)
                      + "\",\"start\":\""
                      + iso(at)
                      + "\",\"end\":\""
                      + iso(at.plus(Duration.ofHours(1)))
                      + "\",\"priceMinor\":6000,\"currency\":\"CNY\"}"))
              .path("slotId")
              .asText());
    }
    world.drainStream();
    Usage afterSlots = world.usage();
    int people = MEMBERS + CANCELS;
    for (int m = 0; m < people; m++) {
      signUp("m-" + m);
    }
    Usage afterMembers = world.usage();
    String date = day.atOffset(ZoneOffset.ofHours(8)).toLocalDate().toString();
    List<String> bookings = new ArrayList<>();
    for (int m = 0; m < MEMBERS; m++) {
      bookings.add(book("m-" + m, venueId, date, slots.get(m)));
    }
    world.job("send-notifications");
    List<String> waiting = new ArrayList<>();
    for (int w = 0; w < CANCELS; w++) {
      String user = "m-" + (MEMBERS + w);
      waiting.add(
          ok(customer("POST /slots/{slotId}/waitlist", Map.of("slotId", slots.get(w)), "{}", user))
              .path("entryId")
              .asText());
    }
    for (int w = 0; w < CANCELS; w++) {
      JsonNode cancelled =
          ok(
              customer(
                  "POST /bookings/{bookingId}/cancel",
                  Map.of("bookingId", bookings.get(w)),
                  null,
                  "m-" + w));
      world.report(paymentOf(bookings.get(w), "m-" + w), "REFUNDED");
      check(cancelled.path("status").asText().equals("REFUNDING"), "cancel: " + cancelled);
    }
    world.drainEvents();
    world.job("send-notifications");
    for (int w = 0; w < CANCELS; w++) {
      String user = "m-" + (MEMBERS + w);
      String booking =
          ok(customer(
                  "POST /waitlist/{entryId}/accept", Map.of("entryId", waiting.get(w)), null, user))
              .path("bookingId")
              .asText();
      pay(booking, user);
      bookings.set(w, booking);
    }
    world.job("send-notifications");
    world.clock.advance(
        Duration.between(world.clock.instant(), first.minus(Duration.ofMinutes(110))));
    world.job("send-notifications"); // the reminders of the first hour's slots
    world.clock.advance(Duration.ofHours(1));
    world.job("send-notifications"); // and of the second's
    for (String booking : bookings) {
      ok(
          world.call(
              "POST /staff/bookings/{bookingId}/check-in",
              Map.of("bookingId", booking),
              Map.of(),
              null,
              "desk",
              "frontdesk"));
    }
    world.drainStream();
    Usage afterBookings = world.usage();
    Map<String, Usage> idle = new LinkedHashMap<>();
    for (ScheduleDefinition schedule : Fairslot.SCHEDULES) {
      Usage before = world.usage();
      world.job(schedule.name());
      idle.put(schedule.name(), world.usage().minus(before));
    }
    if (!failures.isEmpty()) {
      throw new IllegalStateException("the journey went wrong: " + failures);
    }
    return new Measured(
        afterSlots.minus(start),
        MEMBERS,
        afterMembers.minus(afterSlots),
        people,
        afterBookings.minus(afterMembers),
        MEMBERS + CANCELS,
        idle);
  }

  private void signUp(String user) {
    String email = user + "@example.com";
    ok(
        customer(
            "PUT /me/profile",
            Map.of(),
            "{\"name\":\"" + user + "\",\"email\":\"" + email + "\",\"channels\":[\"EMAIL\"]}",
            user));
    ok(customer("POST /me/email/verify", Map.of(), "{\"email\":\"" + email + "\"}", user));
    ok(
        customer(
            "POST /me/email/confirm",
            Map.of(),
            "{\"code\":\"" + world.lastCode.get(email) + "\"}",
            user));
  }

  /** Browsing four days' lists and the slot, then the booking, its payment and two looks at it. */
  private String book(String user, String venueId, String date, String slotId) {
    for (int d = 0; d < 4; d++) {
      ok(
          world.call(
              "GET /slots", Map.of(), Map.of("venueId", venueId, "date", date), null, null, null));
    }
    ok(world.call("GET /slots/{slotId}", Map.of("slotId", slotId), Map.of(), null, null, null));
    String booking =
        ok(customer(
                "POST /bookings", Map.of(), "{\"slotId\":\"" + slotId + "\",\"quantity\":1}", user))
            .path("bookingId")
            .asText();
    pay(booking, user);
    ok(customer("GET /bookings/{bookingId}", Map.of("bookingId", booking), null, user));
    ok(customer("GET /me/bookings", Map.of(), null, user));
    return booking;
  }

  private void pay(String booking, String user) {
    String paymentNo =
        ok(customer("POST /bookings/{bookingId}/pay", Map.of("bookingId", booking), null, user))
            .path("paymentNo")
            .asText();
    check(world.report(paymentNo, "SUCCEEDED"), "the provider knows " + paymentNo);
  }

  private String paymentOf(String booking, String user) {
    JsonNode payments =
        ok(
            customer(
                "GET /bookings/{bookingId}/payments", Map.of("bookingId", booking), null, user));
    JsonNode items = payments.has("items") ? payments.path("items") : payments;
    return items.path(0).path("paymentNo").asText();
  }

  private APIGatewayV2HTTPResponse admin(String route, Map<String, String> path, String body) {
    return world.call(route, path, Map.of(), body, "admin", "admin");
  }

  private APIGatewayV2HTTPResponse customer(
      String route, Map<String, String> path, String body, String user) {
    return world.call(route, path, Map.of(), body, user, "customer");
  }

  private JsonNode ok(APIGatewayV2HTTPResponse r) {
    check(r.getStatusCode() / 100 == 2, r.getStatusCode() + " " + r.getBody());
    try {
      return r.getBody() == null || r.getBody().isEmpty()
          ? JSON.createObjectNode()
          : JSON.readTree(r.getBody());
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private void check(boolean holds, String what) {
    if (!holds) {
      failures.add(what);
    }
  }

  private static String iso(Instant at) {
    return at.atOffset(ZoneOffset.UTC).toString();
  }
}
