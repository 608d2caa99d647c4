package fairslot.bench;

import fairslot.handler.RequestObservation;
import fairslot.handler.internal.HttpResponse;
import fairslot.shared.Output;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code ./fairslot bench observability}: what the lines every HTTP request leaves behind cost (its
 * metric line and its access log line, and for a refusal the refusal count), measured on the real
 * code with the lines counted instead of printed. A booking's answer (201) and a sold-out refusal
 * (409), the two answers a flash crowd gets.
 */
final class ObservabilityCost {
  private ObservabilityCost() {}

  static void run(int rounds) throws Exception {
    System.setProperty("fairslot.lines", "off");
    AtomicLong bytes = new AtomicLong();
    AtomicLong lines = new AtomicLong();
    try (AutoCloseable listening =
        Output.listen(
            line -> {
              bytes.addAndGet(line.length() + 1);
              lines.incrementAndGet();
            })) {
      HttpResponse booked =
          HttpResponse.rawJson(
              201,
              "{\"bookingId\":\"b-1\",\"slotId\":\"s-1\",\"userId\":\"u-1\",\"quantity\":1,"
                  + "\"status\":\"PENDING_PAY\",\"amountMinor\":5000,\"currency\":\"CNY\"}");
      HttpResponse soldOut =
          new HttpResponse(
              409,
              Map.of("content-type", "application/problem+json"),
              "{\"type\":\"https://fairslot.dev/problems/sold-out\",\"title\":\"Sold out\","
                  + "\"status\":409,\"detail\":\"no seats left\",\"code\":\"sold_out\","
                  + "\"remaining\":0}");
      Map<String, String> ids = Map.of();
      String route = "POST /bookings";
      for (int i = 0; i < rounds; i++) { // warm: C2 compiles the paths first
        RequestObservation.record(route, ids, booked, 12);
        RequestObservation.record(route, ids, soldOut, 9);
      }
      bytes.set(0);
      double created = perRequest(rounds, () -> RequestObservation.record(route, ids, booked, 12));
      long createdBytes = bytes.getAndSet(0) / rounds;
      lines.set(0);
      double refused = perRequest(rounds, () -> RequestObservation.record(route, ids, soldOut, 9));
      System.out.printf(
          "bench observability: created_us=%.2f refused_us=%.2f lines_per_refusal=%d"
              + " bytes_per_created=%d rounds=%d%n",
          created, refused, lines.get() / rounds, createdBytes, rounds);
    }
  }

  private static double perRequest(int rounds, Runnable request) {
    long started = System.nanoTime();
    for (int i = 0; i < rounds; i++) {
      request.run();
    }
    return (System.nanoTime() - started) / 1_000.0 / rounds;
  }
}
