package fairslot.handler.integration;

import static fairslot.testing.ApiDriver.ADMIN;
import static fairslot.testing.ApiDriver.CUSTOMER;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import fairslot.definitions.Fairslot;
import fairslot.handler.ScheduledJobHandler;
import fairslot.handler.internal.WebhookKey;
import fairslot.shared.Json;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Outbound webhooks through the real handlers on the emulator (API.md v1.2 "Integrations"): a
 * receiver on loopback that fails 30 % of requests still gets every subscribed change exactly once
 * among the requests it accepted, each subject's changes in order, each request signed with the
 * secret shown at creation; a delivery that fails for 24 hours is parked and a hand retry sends it.
 */
class WebhookDeliveryIT {
  static {
    // Only the local runtime (and this test) may send to http://127.0.0.1.
    System.setProperty("fairslot.webhooks.loopback", "true");
  }

  private final ApiDriver api = new ApiDriver("webhooks");
  private final HttpServer receiver;
  private final Random chance = new Random(20261204);
  private final AtomicBoolean downIsUp = new AtomicBoolean();
  private final AtomicInteger refused = new AtomicInteger();
  private final AtomicInteger badSignatures = new AtomicInteger();

  /** What the receiver accepted (answered 2xx), in arrival order: the body and its headers. */
  private final List<Received> accepted = new ArrayList<>();

  private volatile String secret = "";
  private volatile String downSecret = "";

  private record Received(String path, String type, String id, JsonNode data) {}

  WebhookDeliveryIT() throws IOException {
    receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    receiver.createContext(
        "/",
        exchange -> {
          String body =
              new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
          String path = exchange.getRequestURI().getPath();
          String signature = exchange.getRequestHeaders().getFirst("Fairslot-Signature");
          String t = signature == null ? "" : signature.replaceAll("^t=(\\d+),.*$", "$1");
          String key = path.startsWith("/down") ? downSecret : secret;
          boolean signed =
              signature != null
                  && !t.isEmpty()
                  && signature.equals(WebhookKey.sign(key, Long.parseLong(t), body));
          if (!signed) {
            badSignatures.incrementAndGet();
          }
          int status;
          synchronized (this) {
            boolean fail = path.startsWith("/down") ? !downIsUp.get() : chance.nextDouble() < 0.30;
            status = fail ? 500 : 204;
            if (fail) {
              refused.incrementAndGet();
            } else {
              JsonNode event = Json.read(body);
              accepted.add(
                  new Received(
                      path,
                      event.get("type").asText(),
                      event.get("id").asText(),
                      event.get("data")));
            }
          }
          exchange.sendResponseHeaders(status, -1);
          exchange.close();
        });
    receiver.start();
  }

  @AfterEach
  void stop() {
    receiver.stop(0);
  }

  private String url(String path) {
    return "http://127.0.0.1:" + receiver.getAddress().getPort() + path;
  }

  private Reply subscribe(String venueId, String url, String events) {
    return api.send(
        "POST /venues/{venueId}/webhooks",
        e ->
            e.as("admin-1", ADMIN)
                .path("venueId", venueId)
                .body("{\"url\":\"" + url + "\",\"events\":" + events + "}"));
  }

  /** The stream read as Lambda reads it, then the deliveries job, a minute apart, n times. */
  private void deliver(int rounds, Duration apart) {
    for (int i = 0; i < rounds; i++) {
      api.deliverStream(Fairslot.WEBHOOK_EVENTS);
      new ScheduledJobHandler(api.wiring).run("webhook-deliveries");
      api.clock.advance(apart);
    }
  }

  @Test
  void everySubscribedChangeArrivesOnceInOrderAndSignedThroughThirtyPercentFailures()
      throws Exception {
    String venue = api.venue("Asia/Shanghai", "{}");
    Reply made =
        subscribe(
            venue,
            url("/hook"),
            "[\"booking.confirmed\",\"booking.cancelled\",\"slot.cancelled\","
                + "\"waitlist.offered\",\"payment.refunded\"]");
    ApiDriver.expect(made, 201);
    secret = made.text("secret");
    assertThat(secret).startsWith("whsec_");
    String webhookId = made.text("webhookId");
    Reply listed =
        api.send(
            "GET /venues/{venueId}/webhooks/{webhookId}",
            e -> e.as("admin-1", ADMIN).path("venueId", venue).path("webhookId", webhookId));
    assertThat(listed.text("secret")).as("shown once, at creation").isNull();

    String court = api.resource(venue, "SEATS", 3);
    String slot = api.slot(court, Duration.ofDays(2), Duration.ofHours(1), 5000);
    String doomed = api.slot(court, Duration.ofDays(3), Duration.ofHours(1), 5000);
    Map<String, List<String>> expected = new LinkedHashMap<>();
    // Three members pay (confirmed); one of them cancels (cancelled, then refunded).
    List<String> paid = new ArrayList<>();
    for (int m = 1; m <= 3; m++) {
      String b = api.paidBooking("m" + m, slot);
      paid.add(b);
      expected.put(b, new ArrayList<>(List.of("booking.confirmed")));
    }
    api.send("POST /slots/{slotId}/waitlist", e -> e.as("w1", CUSTOMER).path("slotId", slot));
    String paymentNo =
        api.send(
                "GET /bookings/{bookingId}/payments",
                e -> e.as("m1", CUSTOMER).path("bookingId", paid.get(0)))
            .json()
            .get("items")
            .get(0)
            .get("paymentNo")
            .asText();
    ApiDriver.expect(api.cancel("m1", paid.get(0)), 200);
    api.provider.report(paymentNo, "REFUNDED");
    expected.get(paid.get(0)).addAll(List.of("booking.cancelled", "payment.refunded"));
    api.deliverSeatReleased(); // the freed seat is offered to w1
    // Holds let go before paying are cancelled too; then their slot is cancelled.
    for (int m = 4; m <= 6; m++) {
      String b = api.book("m" + m, doomed, 1).text("bookingId");
      ApiDriver.expect(api.cancel("m" + m, b), 200);
      expected.put(b, new ArrayList<>(List.of("booking.cancelled")));
    }
    ApiDriver.expect(
        api.send("POST /slots/{slotId}/cancel", e -> e.as("admin-1", ADMIN).path("slotId", doomed)),
        200);

    deliver(40, Duration.ofMinutes(1));

    synchronized (this) {
      // Each event once among the accepted requests, whatever was refused before.
      List<String> ids = accepted.stream().map(Received::id).toList();
      assertThat(new HashSet<>(ids)).hasSize(ids.size());
      // Every booking's changes, in their order.
      for (Map.Entry<String, List<String>> booking : expected.entrySet()) {
        assertThat(
                accepted.stream()
                    .filter(r -> r.data().path("bookingId").asText().equals(booking.getKey()))
                    .map(Received::type)
                    .toList())
            .as("booking %s", booking.getKey())
            .isEqualTo(booking.getValue());
      }
      assertThat(accepted.stream().filter(r -> r.type().equals("slot.cancelled")))
          .extracting(r -> r.data().path("slotId").asText())
          .containsExactly(doomed);
      assertThat(accepted.stream().filter(r -> r.type().equals("waitlist.offered")))
          .extracting(r -> r.data().path("slotId").asText())
          .containsExactly(slot);
      Set<String> types = new HashSet<>();
      accepted.forEach(r -> types.add(r.type()));
      assertThat(accepted).hasSize(expected.values().stream().mapToInt(List::size).sum() + 2);
    }
    assertThat(refused.get()).as("the receiver did refuse some").isPositive();
    assertThat(badSignatures.get()).isZero();

    // The history shows each delivered.
    JsonNode history =
        api.send(
                "GET /venues/{venueId}/webhooks/{webhookId}/deliveries",
                e ->
                    e.as("admin-1", ADMIN)
                        .path("venueId", venue)
                        .path("webhookId", webhookId)
                        .query("limit", "200"))
            .json()
            .get("items");
    assertThat(history).hasSize(accepted.size());
    history.forEach(d -> assertThat(d.get("status").asText()).isEqualTo("DELIVERED"));
  }

  @Test
  void aDeliveryRefusedForADayIsParkedAndAHandRetryDeliversIt() throws Exception {
    String venue = api.venue("Europe/Berlin", "{}");
    Reply made = subscribe(venue, url("/down"), "[\"slot.cancelled\"]");
    ApiDriver.expect(made, 201);
    downSecret = made.text("secret");
    String webhookId = made.text("webhookId");
    String slot =
        api.slot(api.resource(venue, "SEATS", 2), Duration.ofDays(5), Duration.ofHours(1), 100);
    ApiDriver.expect(
        api.send("POST /slots/{slotId}/cancel", e -> e.as("admin-1", ADMIN).path("slotId", slot)),
        200);

    deliver(30, Duration.ofHours(1));

    JsonNode parked =
        api.send(
                "GET /venues/{venueId}/webhooks/{webhookId}/deliveries",
                e -> e.as("admin-1", ADMIN).path("venueId", venue).path("webhookId", webhookId))
            .json()
            .get("items")
            .get(0);
    assertThat(parked.get("status").asText()).isEqualTo("PARKED");
    assertThat(parked.get("lastStatus").asInt()).isEqualTo(500);
    assertThat(accepted).isEmpty();

    downIsUp.set(true);
    Reply retried =
        api.send(
            "POST /venues/{venueId}/webhooks/{webhookId}/deliveries/{deliveryId}/retry",
            e ->
                e.as("admin-1", ADMIN)
                    .path("venueId", venue)
                    .path("webhookId", webhookId)
                    .path("deliveryId", parked.get("deliveryId").asText()));
    ApiDriver.expect(retried, 200);
    assertThat(retried.text("status")).isEqualTo("PENDING");
    deliver(2, Duration.ofMinutes(1));

    synchronized (this) {
      assertThat(accepted).extracting(Received::type).containsExactly("slot.cancelled");
      assertThat(accepted.get(0).id()).isEqualTo(parked.get("eventId").asText());
    }
    assertThat(badSignatures.get()).isZero();
  }

  @Test
  void privateAndPlainHttpAddressesAndUnknownEventsAreRefusedWithCodesAndNothingWritten() {
    String venue = api.venue("Asia/Shanghai", "{}");
    Reply inside = subscribe(venue, "https://10.0.0.8/hook", "[\"slot.cancelled\"]");
    Reply metadata =
        subscribe(venue, "http://169.254.169.254/latest/meta-data", "[\"slot.cancelled\"]");
    Reply unknown = subscribe(venue, url("/hook"), "[\"booking.exploded\"]");
    Reply none = subscribe(venue, url("/hook"), "[]");

    assertThat(inside.status()).isEqualTo(422);
    assertThat(inside.text("code")).isEqualTo("invalid_url");
    assertThat(metadata.text("code")).isEqualTo("invalid_url");
    assertThat(unknown.status()).isEqualTo(422);
    assertThat(none.status()).isEqualTo(422);
    assertThat(
            api.send(
                    "GET /venues/{venueId}/webhooks",
                    e -> e.as("admin-1", ADMIN).path("venueId", venue))
                .json()
                .get("items"))
        .isEmpty();
  }
}
