package fairslot.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import fairslot.local.Hs256Jwt;
import fairslot.local.LocalRuntime;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code bench flash-crowd-queued}: the same crowd on a QUEUED slot through the local HTTP API. It
 * times each POST's 202, then the drain (until the FIFO queue is empty and every request decided),
 * and checks order: a 202 means the request is in the slot's FIFO group, so a request whose 202
 * came back before another was even sent is ahead of it in the queue. in_order is true when no
 * request that was definitely behind a SOLD_OUT one was GRANTED.
 */
final class QueuedCrowd {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();

  private QueuedCrowd() {}

  /** One POST: its request id, and when it was sent and answered (nanoTime). */
  private record Sent(String requestId, String token, long sentAt, long answeredAt, int status) {}

  static void run(int clients, int seats) throws Exception {
    try (LocalRuntime runtime = LocalRuntime.start(Bench.quiet("bench-queued"))) {
      String base = "http://127.0.0.1:" + runtime.port();
      Hs256Jwt jwt = new Hs256Jwt("test-secret", Clock.systemUTC());
      String slotId = Bench.slot(base, jwt, seats, "QUEUED");
      String[] tokens = Bench.tokens(jwt, "fan", clients);
      FaultFigures contended = FaultFigures.start(runtime.endpoint());
      Crowd.Result<Sent> burst =
          Crowd.run(
              clients,
              Math.min(clients, 256),
              i -> {
                long sentAt = System.nanoTime();
                try {
                  HttpResponse<String> r =
                      HTTP.send(
                          HttpRequest.newBuilder(URI.create(base + "/bookings"))
                              .timeout(Duration.ofMinutes(2))
                              .header("Authorization", "Bearer " + tokens[i])
                              .POST(
                                  HttpRequest.BodyPublishers.ofString(
                                      "{\"slotId\":\"" + slotId + "\",\"quantity\":1}"))
                              .build(),
                          HttpResponse.BodyHandlers.ofString());
                  String requestId =
                      r.statusCode() == 202
                          ? JSON.readTree(r.body()).path("requestId").asText()
                          : "";
                  return new Sent(requestId, tokens[i], sentAt, System.nanoTime(), r.statusCode());
                } catch (Exception e) {
                  return new Sent("", tokens[i], sentAt, System.nanoTime(), -1);
                }
              });
      long acceptedAt = System.nanoTime();

      Map<String, String> decided = new ConcurrentHashMap<>();
      long deadline = System.nanoTime() + Duration.ofMinutes(10).toNanos();
      List<Sent> accepted = burst.outcomes().stream().filter(s -> s.status() == 202).toList();
      while (System.nanoTime() < deadline) {
        if (runtime.bookingMessagesInQueue() == 0) {
          accepted.parallelStream()
              .filter(s -> !decided.containsKey(s.requestId()))
              .forEach(
                  s -> {
                    String status = status(base, s);
                    if (!status.equals("QUEUED")) {
                      decided.put(s.requestId(), status);
                    }
                  });
          if (decided.size() == accepted.size()) {
            break;
          }
        }
        Thread.sleep(200);
      }
      double drainSeconds = (System.nanoTime() - acceptedAt) / 1e9;

      Map<String, Integer> outcomes = new TreeMap<>();
      decided.values().forEach(v -> outcomes.merge(v, 1, Integer::sum));
      List<Sent> granted = new ArrayList<>();
      List<Sent> soldOut = new ArrayList<>();
      for (Sent s : accepted) {
        String o = decided.getOrDefault(s.requestId(), "QUEUED");
        if (o.equals("GRANTED")) {
          granted.add(s);
        } else if (o.equals("SOLD_OUT")) {
          soldOut.add(s);
        }
      }
      long definitePairs = 0;
      long outOfOrder = 0;
      for (Sent sold : soldOut) {
        for (Sent g : granted) {
          if (sold.answeredAt() < g.sentAt()) { // sold was in the queue before g was sent
            definitePairs++;
            outOfOrder++;
          } else if (g.answeredAt() < sold.sentAt()) {
            definitePairs++;
          }
        }
      }
      int remaining = Bench.get(base + "/slots/" + slotId).path("remaining").asInt();
      long errors = clients - accepted.size();
      System.out.println(
          "bench flash-crowd-queued contended: "
              + contended.line(
                  granted.size(),
                  clients,
                  burst.outcomes().stream().filter(x -> x.status() == 503).count(),
                  drainSeconds));
      System.out.printf(
          "outcomes: %s; definitely ordered (granted, sold out) pairs checked: %d%n",
          outcomes, definitePairs);
      System.out.printf(
          "bench flash-crowd-queued: accepted=%d errors=%d p50_ms=%.1f p99_ms=%.1f drain_s=%.1f"
              + " granted=%d sold_out=%d undecided=%d in_order=%s invariant=%s clients=%d seats=%d%n",
          accepted.size(),
          errors,
          burst.stats().p50Ms(),
          burst.stats().p99Ms(),
          drainSeconds,
          granted.size(),
          soldOut.size(),
          accepted.size() - decided.size(),
          outOfOrder == 0,
          granted.size() + remaining == seats ? "ok" : "BROKEN",
          clients,
          seats);
    }
  }

  private static String status(String base, Sent s) {
    try {
      return JSON.readTree(
              HTTP.send(
                      HttpRequest.newBuilder(
                              URI.create(base + "/booking-requests/" + s.requestId()))
                          .header("Authorization", "Bearer " + s.token())
                          .GET()
                          .build(),
                      HttpResponse.BodyHandlers.ofString())
                  .body())
          .path("status")
          .asText();
    } catch (Exception e) {
      return "QUEUED";
    }
  }
}
