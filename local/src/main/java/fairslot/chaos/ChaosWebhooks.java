package fairslot.chaos;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import fairslot.handler.internal.WebhookKey;
import fairslot.shared.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Outbound webhooks in a chaos run (issue 37): the busiest venue is subscribed to every change
 * before the faults; during the play a second subscription is made twice at once under one
 * Idempotency-Key and the deliveries job runs beside everything else, while a receiver on loopback
 * refuses 30 % of requests. At rest, after the stream and the job have run dry: no delivery is
 * still pending, every request was signed with the secret its creation showed, each booking's
 * changes first arrived in their order, every PAID or REFUNDED booking and cancelled slot of the
 * venue was announced, and the venue's count of subscriptions is its number of them.
 */
final class ChaosWebhooks {
  private final ChaosWorld world;
  private final Random chance;
  private final HttpServer receiver;
  private final Map<String, String> secrets = new HashMap<>();
  private final List<JsonNode> accepted = new ArrayList<>();
  private final List<String> seen = new ArrayList<>();
  private String venueId;

  ChaosWebhooks(ChaosWorld world, long seed) {
    this.world = world;
    this.chance = new Random(seed);
    try {
      receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    receiver.createContext(
        "/",
        exchange -> {
          String body =
              new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
          String hook = exchange.getRequestURI().getPath().substring(1);
          String signature =
              String.valueOf(exchange.getRequestHeaders().getFirst("Fairslot-Signature"));
          int status;
          synchronized (this) {
            // A twin whose every answer the faults lost was made with a secret nobody saw: its
            // requests cannot be checked; "all" was made before the faults and always can.
            String secret = secrets.get(hook);
            String t = signature.replaceAll("^t=(\\d+),.*$", "$1");
            if ((secret != null || hook.equals("all"))
                && (secret == null
                    || !t.matches("\\d+")
                    || !signature.equals(WebhookKey.sign(secret, Long.parseLong(t), body)))) {
              seen.add("a webhook request to " + hook + " was not signed with its secret");
            }
            status = chance.nextDouble() < 0.30 ? 500 : 204;
            if (status == 204 && hook.startsWith("all")) {
              accepted.add(Json.read(body));
            }
          }
          exchange.sendResponseHeaders(status, -1);
          exchange.close();
        });
    receiver.start();
  }

  private String url(String hook) {
    return "http://127.0.0.1:" + receiver.getAddress().getPort() + "/" + hook;
  }

  private Reply subscribe(String hook, String events, String key) {
    Reply r =
        world.call(
            "POST /venues/{venueId}/webhooks",
            Map.of("venueId", venueId),
            "admin-1",
            "admin",
            "{\"url\":\"" + url(hook) + "\",\"events\":" + events + "}",
            key);
    if (r.status() == 201) {
      synchronized (this) {
        String earlier = secrets.putIfAbsent(hook, r.text("secret"));
        if (earlier != null && !earlier.equals(r.text("secret"))) {
          seen.add("a twin subscription of " + hook + " showed another secret");
        }
      }
    }
    return r;
  }

  /** Before the faults: the venue's every change goes to "all". */
  void setUp(String venueId) {
    this.venueId = venueId;
    Reply r =
        subscribe(
            "all",
            "[\"booking.confirmed\",\"booking.cancelled\",\"slot.cancelled\","
                + "\"waitlist.offered\",\"payment.refunded\"]",
            null);
    if (r.status() != 201) {
      throw new IllegalStateException("chaos: the webhook was not made: " + r);
    }
  }

  void wave(List<Callable<Object>> wave) {
    wave.add(() -> subscribe("twin", "[\"slot.cancelled\"]", "k-hook-twin"));
    wave.add(() -> subscribe("twin", "[\"slot.cancelled\"]", "k-hook-twin"));
    wave.add(() -> world.runJob("webhook-deliveries"));
  }

  /**
   * Faults off: the stream read and the job run until nothing has been due for longer than the
   * longest wait between tries (an hour): a try the faults cut short waits out its backoff first.
   */
  void drain() {
    Duration quiet = Duration.ZERO;
    for (int round = 0; round < 80 && quiet.compareTo(Duration.ofMinutes(70)) <= 0; round++) {
      world.deliverWebhookChanges();
      var report = world.runJob("webhook-deliveries");
      boolean idle = report.isPresent() && ((Number) report.get().get("due")).intValue() == 0;
      Duration step = idle ? Duration.ofMinutes(10) : Duration.ofMinutes(1);
      quiet = idle ? quiet.plus(step) : Duration.ZERO;
      world.clock.advance(step);
    }
  }

  /** At rest (faults off). */
  synchronized void check(List<Map<String, AttributeValue>> items, List<String> out) {
    receiver.stop(0);
    out.addAll(seen);
    Map<String, List<Long>> versions = new HashMap<>();
    Set<String> ids = new HashSet<>();
    for (JsonNode e : accepted) {
      String id = e.path("id").asText();
      if (ids.add(id) && id.startsWith("booking:")) {
        versions
            .computeIfAbsent(e.path("data").path("bookingId").asText(), b -> new ArrayList<>())
            .add(Long.parseLong(id.substring(id.lastIndexOf(":v") + 2)));
      }
    }
    versions.forEach(
        (booking, order) -> {
          if (!order.equals(order.stream().sorted().toList())) {
            out.add("booking " + booking + "'s webhooks first arrived out of order: " + order);
          }
        });
    int hooks = 0;
    long counted = -1;
    for (var item : items) {
      String status = ChaosChecks.s(item, "status");
      String venue = ChaosChecks.s(item, "venueId");
      if (ChaosChecks.is(item, "WEBHOOK_DELIVERY")
          && "PENDING".equals(ChaosChecks.s(item, "state"))) {
        out.add(
            "webhook delivery "
                + ChaosChecks.s(item, "deliveryId")
                + " still PENDING at rest: "
                + ChaosChecks.s(item, "eventId")
                + ", attempts "
                + item.get("attempts").n()
                + ", last answer "
                + item.get("lastStatus").n()
                + ", due "
                + Optional.ofNullable(item.get("cancelDueAt"))
                    .map(v -> Instant.ofEpochMilli(Long.parseLong(v.n())).toString())
                    .orElse("never")
                + " (now "
                + world.clock.instant()
                + "), after "
                + ChaosChecks.s(item, "after"));
      }
      if (ChaosChecks.is(item, "WEBHOOK") && venueId.equals(venue)) {
        hooks++;
      }
      if (item.get("SK").s().equals("WEBHOOKS") && item.get("PK").s().endsWith(venueId)) {
        counted = Long.parseLong(item.get("count").n());
      }
      if (!venueId.equals(venue)) {
        continue;
      }
      if (ChaosChecks.is(item, "BOOKING") && ("PAID".equals(status) || "REFUNDED".equals(status))) {
        String wanted = "PAID".equals(status) ? "booking.confirmed" : "payment.refunded";
        String booking = ChaosChecks.s(item, "bookingId");
        if (accepted.stream()
            .noneMatch(
                e ->
                    e.path("type").asText().equals(wanted)
                        && e.path("data").path("bookingId").asText().equals(booking))) {
          out.add("booking " + booking + " is " + status + " but no " + wanted + " arrived");
        }
      }
      if (ChaosChecks.is(item, "SLOT") && "CANCELLED".equals(status)) {
        String slot = ChaosChecks.s(item, "slotId");
        if (accepted.stream()
            .noneMatch(
                e ->
                    e.path("type").asText().equals("slot.cancelled")
                        && e.path("data").path("slotId").asText().equals(slot))) {
          out.add("slot " + slot + " is CANCELLED but no slot.cancelled arrived");
        }
      }
    }
    if (counted != hooks) {
      out.add("the venue counts " + counted + " webhooks but holds " + hooks);
    }
  }
}
