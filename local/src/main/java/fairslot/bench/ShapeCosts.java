package fairslot.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import fairslot.handler.HttpApiHandler;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Map;

/**
 * The v1.2 booking shapes' part of {@code bench dynamodb-cost}: an availability search over a day
 * of 10 courts with 20 one-hour slots each (the hall of cost-model), a two-hour court booked as one
 * booking of two slots, a hold rescheduled onto one of them, and a paid booking moved to a cheaper
 * court (its difference refunded as a part of its payment in the same transaction), each counted by
 * the bench's interceptors.
 */
final class ShapeCosts {
  private ShapeCosts() {}

  record Figures(
      int availabilityCalls,
      double availabilityRru,
      int daySlots,
      int runs,
      int rescheduleCalls,
      int rescheduleWcu,
      String rescheduleDetail,
      int refundingMoveCalls,
      int refundingMoveWcu,
      String refundingMoveDetail,
      int pairCalls,
      int pairWcu,
      String pairDetail) {}

  static Figures measure(
      HttpApiHandler handler,
      CallCounter counter,
      CostMeter meter,
      String venue,
      String slot,
      String paidBooking,
      String payer,
      Instant now)
      throws Exception {
    ObjectMapper json = new ObjectMapper();
    // A day of 10 courts with 20 one-hour slots each (the 10-court hall of cost-model), and the
    // two-hour runs on it.
    Instant dayStart = now.plus(Duration.ofDays(3)).truncatedTo(ChronoUnit.DAYS);
    int daySlots = 0;
    for (int c = 0; c < 10; c++) {
      String court =
          json.readTree(
                  DynamoDbCost.call(
                      handler,
                      "POST /venues/{venueId}/resources",
                      Map.of("venueId", venue),
                      "{\"name\":\"Court " + c + "\",\"kind\":\"EXCLUSIVE\",\"capacity\":1}",
                      "admin",
                      "admin"))
              .path("resourceId")
              .asText();
      for (int h = 0; h < 20; h++) {
        hour(handler, court, dayStart.plus(Duration.ofHours(h)), 100);
        daySlots++;
      }
    }
    String date = dayStart.atOffset(ZoneOffset.UTC).toLocalDate().toString();
    counter.reset();
    CostMeter.Reading beforeAvailability = meter.read();
    String runs =
        HandlerCalls.call(
                handler,
                "GET /availability",
                Map.of(),
                Map.of("venueId", venue, "date", date, "duration", "PT2H"),
                null,
                null,
                null)
            .getBody();
    int availabilityCalls = counter.total();
    double availabilityRru = meter.read().minus(beforeAvailability).readUnits();
    int runsFound = json.readTree(runs).path("items").size();

    // A two-hour court (v1.2 slotIds): the second run's two slots, one booking, one transaction.
    var pair = json.readTree(runs).path("items").get(1).path("slotIds");
    counter.reset();
    String twoHours =
        DynamoDbCost.call(
            handler,
            "POST /bookings",
            Map.of(),
            "{\"slotIds\":" + pair + ",\"quantity\":1}",
            "u-pair",
            "customer");
    if (json.readTree(twoHours).path("slots").size() != 2) {
      throw new IllegalStateException("the two-slot booking did not happen: " + twoHours);
    }
    int pairCalls = counter.total();
    int pairWcu = counter.estimatedWcu.get();
    String pairDetail = counter.calls.toString();

    // A hold moved from the big slot to the first court of that day, same price.
    String mover =
        json.readTree(
                DynamoDbCost.call(
                    handler,
                    "POST /bookings",
                    Map.of(),
                    "{\"slotId\":\"" + slot + "\",\"quantity\":1}",
                    "u-mover",
                    "customer"))
            .path("bookingId")
            .asText();
    String court = json.readTree(runs).path("items").get(0).path("slotIds").get(0).asText();
    counter.reset();
    String moved =
        DynamoDbCost.call(
            handler,
            "POST /bookings/{bookingId}/reschedule",
            Map.of("bookingId", mover),
            "{\"toSlotId\":\"" + court + "\"}",
            "u-mover",
            "customer");
    if (!court.equals(json.readTree(moved).path("slotId").asText())) {
      throw new IllegalStateException("the reschedule did not happen: " + moved);
    }
    int rescheduleCalls = counter.total();
    int rescheduleWcu = counter.estimatedWcu.get();
    String rescheduleDetail = counter.calls.toString();

    // The paid booking (100) moved to a court an hour later offered at 60: 40 refunded as a part.
    String resource =
        json.readTree(
                DynamoDbCost.call(
                    handler,
                    "POST /venues/{venueId}/resources",
                    Map.of("venueId", venue),
                    "{\"name\":\"Off-peak court\",\"kind\":\"EXCLUSIVE\",\"capacity\":1}",
                    "admin",
                    "admin"))
            .path("resourceId")
            .asText();
    String cheaper =
        json.readTree(hour(handler, resource, dayStart.plus(Duration.ofHours(21)), 60))
            .path("slotId")
            .asText();
    counter.reset();
    String refunding =
        DynamoDbCost.call(
            handler,
            "POST /bookings/{bookingId}/reschedule",
            Map.of("bookingId", paidBooking),
            "{\"toSlotId\":\"" + cheaper + "\"}",
            payer,
            "customer");
    if (json.readTree(refunding).path("amountMinor").asLong() != 60) {
      throw new IllegalStateException("the refunding move did not happen: " + refunding);
    }
    int refundingMoveCalls = counter.total();
    int refundingMoveWcu = counter.estimatedWcu.get();
    String refundingMoveDetail = counter.calls.toString();
    return new Figures(
        availabilityCalls,
        availabilityRru,
        daySlots,
        runsFound,
        rescheduleCalls,
        rescheduleWcu,
        rescheduleDetail,
        refundingMoveCalls,
        refundingMoveWcu,
        refundingMoveDetail,
        pairCalls,
        pairWcu,
        pairDetail);
  }

  /**
   * An hour's slot of {@code resource} from {@code at}, priced {@code priceMinor} CNY: its answer.
   */
  private static String hour(HttpApiHandler handler, String resource, Instant at, long priceMinor) {
    return DynamoDbCost.call(
        handler,
        "POST /slots",
        Map.of(),
        "{\"resourceId\":\""
            + resource
            + "\",\"start\":\""
            + at.atOffset(ZoneOffset.UTC)
            + "\",\"end\":\""
            + at.plusSeconds(3600).atOffset(ZoneOffset.UTC)
            + "\",\"priceMinor\":"
            + priceMinor
            + ",\"currency\":\"CNY\"}",
        "admin",
        "admin");
  }
}
