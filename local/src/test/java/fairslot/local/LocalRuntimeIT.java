package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A customer's and an admin's session over real HTTP against the local runtime. */
class LocalRuntimeIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static LocalRuntime runtime;
  private static String base;

  @BeforeAll
  static void start() {
    runtime = LocalRuntime.start(Settings.forTests("local-it"));
    base = "http://127.0.0.1:" + runtime.port();
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  record Reply(int status, String contentType, JsonNode json) {
    String text(String field) {
      return json.path(field).asText();
    }
  }

  static Reply call(String method, String path, String token, String body) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(base + path))
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    if (token != null) {
      b.header("Authorization", "Bearer " + token);
    }
    HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    JsonNode json = r.body().isEmpty() ? JSON.createObjectNode() : JSON.readTree(r.body());
    return new Reply(r.statusCode(), r.headers().firstValue("content-type").orElse(""), json);
  }

  static String token(String sub, String group) throws Exception {
    return call(
            "POST",
            "/_local/token",
            null,
            "{\"sub\":\"" + sub + "\",\"groups\":[\"" + group + "\"]}")
        .text("token");
  }

  @Test
  void healthIsUp() throws Exception {
    assertThat(call("GET", "/_local/health", null, null).status()).isEqualTo(200);
  }

  @Test
  void theMetricsSummaryAddsUpTheEmfLinesTheRuntimePrinted() throws Exception {
    call("GET", "/slots/no-such-slot", null, null);
    call("GET", "/slots/no-such-slot", null, null);

    Reply summary = call("GET", "/_local/metrics", null, null);

    assertThat(summary.status()).isEqualTo(200);
    assertThat(
            summary
                .json()
                .path("series")
                .path("Requests{Route=GET /slots/{slotId}}")
                .path("sum")
                .asLong())
        .isGreaterThanOrEqualTo(2);
    assertThat(summary.json().path("series").path("Refusals{Code=not_found}").path("sum").asLong())
        .isGreaterThanOrEqualTo(2);
  }

  @Test
  void adminSetsUpACustomerBooksReadsListsAndCancels() throws Exception {
    String admin = token("admin-1", "admin");
    String customer = token("u1", "customer");
    String venueId =
        call("POST", "/venues", admin, "{\"name\":\"Riverside\",\"timeZone\":\"Asia/Shanghai\"}")
            .text("venueId");
    String resourceId =
        call(
                "POST",
                "/venues/" + venueId + "/resources",
                admin,
                "{\"name\":\"Yoga room\",\"kind\":\"SEATS\",\"capacity\":12}")
            .text("resourceId");
    LocalDate day = LocalDate.now(ZoneId.of("Asia/Shanghai")).plusDays(3);
    Reply slot =
        call(
            "POST",
            "/slots",
            admin,
            "{\"resourceId\":\""
                + resourceId
                + "\",\"start\":\""
                + day
                + "T18:00:00\",\"end\":\""
                + day
                + "T19:00:00\",\"priceMinor\":12000,\"currency\":\"CNY\"}");
    String slotId = slot.text("slotId");

    Reply booked =
        call("POST", "/bookings", customer, "{\"slotId\":\"" + slotId + "\",\"quantity\":2}");
    String bookingId = booked.text("bookingId");
    Reply read = call("GET", "/bookings/" + bookingId, customer, null);
    Reply mine = call("GET", "/me/bookings", customer, null);
    Reply listed = call("GET", "/slots?venueId=" + venueId + "&date=" + day, null, null);
    Reply cancelled = call("POST", "/bookings/" + bookingId + "/cancel", customer, null);
    Reply after = call("GET", "/slots/" + slotId, null, null);

    assertThat(slot.text("start")).isEqualTo(day + "T18:00:00+08:00");
    assertThat(booked.status()).isEqualTo(201);
    assertThat(booked.text("status")).isEqualTo("PENDING_PAY");
    assertThat(
            Instant.parse(
                java.time.OffsetDateTime.parse(booked.text("holdExpiresAt"))
                    .toInstant()
                    .toString()))
        .isAfter(Instant.now());
    assertThat(read.text("bookingId")).isEqualTo(bookingId);
    assertThat(mine.json().get("items").get(0).get("bookingId").asText()).isEqualTo(bookingId);
    assertThat(listed.json().get("items").get(0).get("remaining").asInt()).isEqualTo(10);
    assertThat(cancelled.text("status")).isEqualTo("CANCELLED");
    assertThat(after.json().get("remaining").asInt()).isEqualTo(12);
    // The runtime's stream poller records both seat changes in the slot's audit.
    eventually(
        10,
        () -> {
          JsonNode audit = call("GET", "/audit?slotId=" + slotId, admin, null).json().get("items");
          java.util.List<String> moves = new java.util.ArrayList<>();
          audit.forEach(
              r -> {
                if (r.has("remainingBefore")) {
                  moves.add(
                      r.get("remainingBefore").asInt() + "->" + r.get("remainingAfter").asInt());
                }
              });
          assertThat(moves).containsExactly("12->10", "10->12");
        });
  }

  /**
   * Polls until {@code check} holds, for at most {@code seconds}; the schedules run every second.
   */
  static void eventually(int seconds, ThrowingCheck check) throws Exception {
    long deadline = System.nanoTime() + seconds * 1_000_000_000L;
    while (true) {
      try {
        check.run();
        return;
      } catch (AssertionError notYet) {
        if (System.nanoTime() > deadline) {
          throw notYet;
        }
        Thread.sleep(200);
      }
    }
  }

  interface ThrowingCheck {
    void run() throws Exception;
  }

  String slotFor(String admin, String policy, int capacity) throws Exception {
    String venueId =
        call(
                "POST",
                "/venues",
                admin,
                "{\"name\":\"Club\",\"timeZone\":\"Europe/Berlin\",\"policy\":" + policy + "}")
            .text("venueId");
    String resourceId =
        call(
                "POST",
                "/venues/" + venueId + "/resources",
                admin,
                "{\"name\":\"Court\",\"kind\":\"SEATS\",\"capacity\":" + capacity + "}")
            .text("resourceId");
    LocalDate day = LocalDate.now(ZoneId.of("Europe/Berlin")).plusDays(3);
    return call(
            "POST",
            "/slots",
            admin,
            "{\"resourceId\":\""
                + resourceId
                + "\",\"start\":\""
                + day
                + "T18:00:00\",\"end\":\""
                + day
                + "T19:00:00\",\"priceMinor\":9000,\"currency\":\"EUR\"}")
        .text("slotId");
  }

  @Test
  void bookPayThroughTheLocalProviderAndCancelBeforeTheCutoffIsRefunded() throws Exception {
    runtime
        .payments()
        .setMode(
            fairslot.messaging.payments.LocalPaymentProvider.Mode.SUCCEED,
            java.time.Duration.ofMillis(300));
    try {
      String admin = token("admin-2", "admin");
      String customer = token("payer", "customer");
      String slotId = slotFor(admin, "{}", 5);
      String bookingId =
          call("POST", "/bookings", customer, "{\"slotId\":\"" + slotId + "\",\"quantity\":1}")
              .text("bookingId");

      Reply payment = call("POST", "/bookings/" + bookingId + "/pay", customer, null);
      eventually(
          10,
          () ->
              assertThat(call("GET", "/bookings/" + bookingId, customer, null).text("status"))
                  .isEqualTo("PAID"));
      Reply cancelled = call("POST", "/bookings/" + bookingId + "/cancel", customer, null);

      assertThat(payment.status()).isEqualTo(200);
      assertThat(payment.text("provider")).isEqualTo("local");
      assertThat(payment.json().get("amountMinor").asLong()).isEqualTo(9000);
      assertThat(cancelled.text("status")).isEqualTo("REFUNDING");
      eventually(
          10,
          () ->
              assertThat(call("GET", "/bookings/" + bookingId, customer, null).text("status"))
                  .isEqualTo("REFUNDED"));
      assertThat(call("GET", "/slots/" + slotId, null, null).json().get("remaining").asInt())
          .isEqualTo(5);
    } finally {
      runtime
          .payments()
          .setMode(
              fairslot.messaging.payments.LocalPaymentProvider.Mode.MANUAL,
              java.time.Duration.ZERO);
    }
  }

  @Test
  void aThreeSecondHoldExpiresItsSeatComesBackAndTheSlotIsBookableAgain() throws Exception {
    String admin = token("admin-3", "admin");
    String slotId = slotFor(admin, "{\"holdDuration\":\"PT3S\"}", 1);
    String first = token("slow", "customer");
    String second = token("next", "customer");
    String bookingId =
        call("POST", "/bookings", first, "{\"slotId\":\"" + slotId + "\",\"quantity\":1}")
            .text("bookingId");
    Reply soldOut =
        call("POST", "/bookings", second, "{\"slotId\":\"" + slotId + "\",\"quantity\":1}");

    eventually(
        10,
        () ->
            assertThat(call("GET", "/slots/" + slotId, null, null).json().get("remaining").asInt())
                .isEqualTo(1));
    Reply expired = call("GET", "/bookings/" + bookingId, first, null);
    Reply payLate = call("POST", "/bookings/" + bookingId + "/pay", first, null);
    Reply rebooked =
        call("POST", "/bookings", second, "{\"slotId\":\"" + slotId + "\",\"quantity\":1}");

    assertThat(soldOut.text("code")).isEqualTo("sold_out");
    assertThat(expired.text("status")).isEqualTo("EXPIRED");
    assertThat(payLate.status()).isEqualTo(409);
    assertThat(payLate.text("code")).isEqualTo("hold_expired");
    assertThat(rebooked.status()).isEqualTo(201);
  }

  @Test
  void aCancelledSeatIsOfferedInJoinOrderAndTheSecondJoinerAcceptsAndPays() throws Exception {
    runtime
        .payments()
        .setMode(
            fairslot.messaging.payments.LocalPaymentProvider.Mode.SUCCEED,
            java.time.Duration.ofMillis(200));
    try {
      String admin = token("admin-4", "admin");
      String slotId = slotFor(admin, "{\"offerDuration\":\"PT3S\"}", 2);
      String holder1 = token("holder-1", "customer");
      String holder2 = token("holder-2", "customer");
      String cancelled =
          call("POST", "/bookings", holder1, "{\"slotId\":\"" + slotId + "\",\"quantity\":1}")
              .text("bookingId");
      call("POST", "/bookings", holder2, "{\"slotId\":\"" + slotId + "\",\"quantity\":1}");
      String[] joiners = {
        token("first", "customer"), token("second", "customer"), token("third", "customer")
      };
      for (String joiner : joiners) {
        assertThat(call("POST", "/slots/" + slotId + "/waitlist", joiner, null).status())
            .isEqualTo(201);
      }

      call("POST", "/bookings/" + cancelled + "/cancel", holder1, null);
      eventually(
          10,
          () ->
              assertThat(
                      call("GET", "/slots/" + slotId + "/waitlist/me", joiners[0], null)
                          .text("status"))
                  .isEqualTo("OFFERED"));
      eventually(
          15,
          () ->
              assertThat(
                      call("GET", "/slots/" + slotId + "/waitlist/me", joiners[1], null)
                          .text("status"))
                  .isEqualTo("OFFERED"));
      Reply first = call("GET", "/slots/" + slotId + "/waitlist/me", joiners[0], null);
      String entry =
          call("GET", "/slots/" + slotId + "/waitlist/me", joiners[1], null).text("entryId");
      Reply booked = call("POST", "/waitlist/" + entry + "/accept", joiners[1], null);
      call("POST", "/bookings/" + booked.text("bookingId") + "/pay", joiners[1], null);

      assertThat(first.text("status")).isEqualTo("EXPIRED");
      assertThat(booked.status()).isEqualTo(201);
      eventually(
          10,
          () ->
              assertThat(
                      call("GET", "/bookings/" + booked.text("bookingId"), joiners[1], null)
                          .text("status"))
                  .isEqualTo("PAID"));
      assertThat(
              call("GET", "/slots/" + slotId + "/waitlist/me", joiners[2], null)
                  .json()
                  .get("position")
                  .asInt())
          .isEqualTo(1);
      Reply slot = call("GET", "/slots/" + slotId, null, null);
      assertThat(slot.json().get("remaining").asInt()).isZero();
      assertThat(slot.json().get("waitlistLength").asInt()).isEqualTo(1);
      eventually(
          10,
          () ->
              assertThat(
                      call("GET", "/_local/notifications?userId=first", null, null)
                          .json()
                          .get("items")
                          .toString())
                  .contains("OFFER_MADE", "OFFER_EXPIRED"));
    } finally {
      runtime
          .payments()
          .setMode(
              fairslot.messaging.payments.LocalPaymentProvider.Mode.MANUAL,
              java.time.Duration.ZERO);
    }
  }

  /** The issue-6 walkthrough: everything a front desk does on a normal day, over HTTP. */
  @Test
  void frontDeskGeneratesAMonthSeesACoachClashBooksAWalkInChecksThemInAndPullsTheDaysCsv()
      throws Exception {
    String admin = token("admin-1", "admin");
    String desk =
        call(
                "POST",
                "/_local/token",
                null,
                "{\"sub\":\"desk-1\",\"groups\":[\"frontdesk\",\"finance\"]}")
            .text("token");
    String venueId =
        call("POST", "/venues", admin, "{\"name\":\"Studio\",\"timeZone\":\"Europe/Berlin\"}")
            .text("venueId");
    String yoga =
        call(
                "POST",
                "/venues/" + venueId + "/resources",
                admin,
                "{\"name\":\"Yoga\",\"kind\":\"SEATS\",\"capacity\":12}")
            .text("resourceId");
    String spin =
        call(
                "POST",
                "/venues/" + venueId + "/resources",
                admin,
                "{\"name\":\"Spin\",\"kind\":\"SEATS\",\"capacity\":8}")
            .text("resourceId");
    String coach =
        call("POST", "/coaches", admin, "{\"venueId\":\"" + venueId + "\",\"name\":\"Ana\"}")
            .text("coachId");
    LocalDate from = LocalDate.now(ZoneId.of("Europe/Berlin")).plusDays(1);
    String weekly =
        "[{\"dayOfWeek\":\"MON\",\"start\":\"18:00\",\"end\":\"19:00\"},"
            + "{\"dayOfWeek\":\"WED\",\"start\":\"18:00\",\"end\":\"19:00\"},"
            + "{\"dayOfWeek\":\"FRI\",\"start\":\"07:00\",\"end\":\"08:00\"}]";

    Reply month =
        call(
            "POST",
            "/slots:generate",
            admin,
            "{\"resourceId\":\""
                + yoga
                + "\",\"from\":\""
                + from
                + "\",\"to\":\""
                + from.plusDays(29)
                + "\",\"weekly\":"
                + weekly
                + ",\"coachId\":\""
                + coach
                + "\",\"priceMinor\":1500,\"currency\":\"EUR\"}");
    String firstClass = month.json().get("slotIds").get(0).asText();
    Reply classInfo = call("GET", "/slots/" + firstClass, null, null);
    String start = classInfo.text("start");
    Reply clash =
        call(
            "POST",
            "/slots",
            admin,
            "{\"resourceId\":\""
                + spin
                + "\",\"start\":\""
                + start
                + "\",\"end\":\""
                + classInfo.text("end")
                + "\",\"coachId\":\""
                + coach
                + "\",\"priceMinor\":1500,\"currency\":\"EUR\"}");
    Reply walkIn =
        call(
            "POST",
            "/staff/bookings",
            desk,
            "{\"slotId\":\""
                + firstClass
                + "\",\"quantity\":1,\"customer\":{\"phone\":\"+49 30 1234567\",\"name\":\"Jo\"}}");
    String bookingId = walkIn.text("bookingId");
    Reply paid = call("POST", "/staff/bookings/" + bookingId + "/offline-payment", desk, null);
    Reply in = call("POST", "/staff/bookings/" + bookingId + "/check-in", desk, null);
    String day = start.substring(0, 10);
    HttpResponse<String> csv =
        HTTP.send(
            HttpRequest.newBuilder(
                    URI.create(base + "/reports/daily?venueId=" + venueId + "&date=" + day))
                .header("Authorization", "Bearer " + desk)
                .header("Accept", "text/csv")
                .GET()
                .build(),
            HttpResponse.BodyHandlers.ofString());

    assertThat(month.status()).isEqualTo(200);
    assertThat(month.json().get("created").asInt())
        .isBetween(12, 14); // 30 days of Mon, Wed and Fri
    assertThat(clash.status()).isEqualTo(409);
    assertThat(clash.text("code")).isEqualTo("conflict_coach");
    assertThat(clash.json().get("conflicts").get(0).get("slotId").asText()).isEqualTo(firstClass);
    assertThat(walkIn.status()).isEqualTo(201);
    assertThat(paid.text("status")).isEqualTo("PAID");
    assertThat(in.text("status")).isEqualTo("COMPLETED");
    assertThat(csv.statusCode()).isEqualTo(200);
    assertThat(csv.headers().firstValue("content-type").orElse("")).startsWith("text/csv");
    assertThat(csv.body().split("\r\n"))
        .containsExactly(
            "date,venueId,resourceId,currency,bookings,paidMinor,refundedMinor,refundPendingMinor,noShows,"
                + "disputedMinor",
            day + "," + venueId + "," + yoga + ",EUR,1,1500,0,0,0,0",
            day + "," + venueId + ",TOTAL,EUR,1,1500,0,0,0,0");
  }

  @Test
  void schedulesCanBeRunOnDemand() throws Exception {
    Reply sweep = call("POST", "/_local/schedules/sweep-holds/run", null, null);
    Reply unknown = call("POST", "/_local/schedules/nope/run", null, null);

    assertThat(sweep.status()).isEqualTo(200);
    assertThat(sweep.text("job")).isEqualTo("sweep-holds");
    assertThat(unknown.status()).isEqualTo(404);
  }

  @Test
  void missingForgedOrExpiredTokensAre401Problems() throws Exception {
    String forged =
        new Hs256Jwt("another-secret", Clock.systemUTC())
            .sign("u1", java.util.List.of("admin"), java.time.Duration.ofHours(1));
    String expired =
        new Hs256Jwt("test-secret", Clock.offset(Clock.systemUTC(), java.time.Duration.ofHours(-2)))
            .sign("u1", java.util.List.of("customer"), java.time.Duration.ofHours(1));

    for (String token : new String[] {null, "garbage", forged, expired}) {
      Reply r = call("POST", "/bookings", token, "{\"slotId\":\"x\",\"quantity\":1}");
      assertThat(r.status()).isEqualTo(401);
      assertThat(r.contentType()).isEqualTo("application/problem+json");
      assertThat(r.text("code")).isEqualTo("unauthorized");
    }
  }

  @Test
  void unknownPathIs404AndHugeBodyIs413() throws Exception {
    String customer = token("u2", "customer");

    Reply unknown = call("GET", "/nowhere", null, null);
    Reply huge =
        call(
            "POST",
            "/bookings",
            customer,
            "{\"slotId\":\"" + "x".repeat(100 * 1024) + "\",\"quantity\":1}");

    assertThat(unknown.status()).isEqualTo(404);
    assertThat(huge.status()).isEqualTo(413);
    assertThat(huge.text("code")).isEqualTo("payload_too_large");
  }
}
