package fairslot.handler.booking;

import static fairslot.testing.ApiDriver.CUSTOMER;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.Race;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code POST /bookings/{id}/reschedule} (v1.2) through the HTTP handler on the emulator: the new
 * seats taken and the old returned in one transaction, never both held and never neither, even when
 * the new slot's last seats are fought over by a crowd.
 */
class RescheduleIT {
  private final ApiDriver api = new ApiDriver("reschedule");

  @AfterEach
  void ledgersBalance() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table); // seats and member counters
  }

  private Reply move(String user, String bookingId, String toSlotId) {
    return api.send(
        "POST /bookings/{bookingId}/reschedule",
        e ->
            e.as(user, CUSTOMER)
                .path("bookingId", bookingId)
                .body("{\"toSlotId\":\"" + toSlotId + "\"}"));
  }

  private static String freeBooking(ApiDriver api, String user, String slotId) {
    Reply r = api.book(user, slotId, 1);
    ApiDriver.expect(r, 201);
    return r.text("bookingId");
  }

  @Test
  void fiftyMovesRacingTwoHundredBookingsIntoTheSameSlotsNeverHoldTwoSeatsOrNone()
      throws Exception {
    String venueId = api.venue("Asia/Shanghai", "{}");
    String resourceId = api.resource(venueId, "SEATS", 50);
    String from = api.slot(resourceId, Duration.ofDays(1), Duration.ofHours(1), 0);
    List<String> targets = new ArrayList<>();
    for (int t = 0; t < 5; t++) {
      targets.add(
          api.slot(resourceId, Duration.ofDays(1).plusHours(2 + t), Duration.ofHours(1), 0));
    }
    for (String target : targets) {
      ApiDriver.expect(
          api.send(
              "PATCH /slots/{slotId}",
              e ->
                  e.as("admin-1", ApiDriver.ADMIN)
                      .path("slotId", target)
                      .body("{\"capacity\":10}")),
          200);
    }
    List<String> moving = new ArrayList<>();
    for (int m = 0; m < 50; m++) {
      moving.add(freeBooking(api, "m" + m, from));
    }

    // Gated on answers, not on the clock, so the race is as real on a slow machine: ten waves
    // alternate, bookings first (5, then 10, 10, 10 and the other 165 of the crowd) and moves
    // (ten each), each released by the first answer of the wave before it, so every wave
    // overlaps the next. A booking answers before any move starts (bookings win a seat), and the
    // first move answers before the crowd's second wave starts (moves win a seat).
    List<CountDownLatch> waves = new ArrayList<>();
    for (int w = 0; w < 10; w++) {
      waves.add(new CountDownLatch(w == 0 ? 0 : 1));
    }
    List<Reply> replies =
        Race.all(
            250,
            n -> {
              int k = n - 50;
              int wave = n < 50 ? 2 * (n / 10) + 1 : 2 * Math.min(4, (k + 5) / 10);
              Callable<Reply> call =
                  n < 50
                      ? () -> move("m" + n, moving.get(n), targets.get(n % 5))
                      : () -> api.book("b" + n, targets.get(k % 5), 1);
              return () -> {
                waves.get(wave).await();
                try {
                  return call.call();
                } finally {
                  if (wave + 1 < waves.size()) {
                    waves.get(wave + 1).countDown();
                  }
                }
              };
            });

    List<Reply> moves = replies.subList(0, 50);
    List<Reply> books = replies.subList(50, 250);
    assertThat(moves)
        .allSatisfy(r -> assertThat(r.status()).as(r.toString()).isIn(200, 409))
        .filteredOn(r -> r.status() == 409)
        .allSatisfy(r -> assertThat(r.text("code")).isEqualTo("sold_out"));
    assertThat(books)
        .allSatisfy(r -> assertThat(r.status()).as(r.toString()).isIn(201, 409))
        .filteredOn(r -> r.status() == 409)
        .allSatisfy(r -> assertThat(r.text("code")).isEqualTo("sold_out"));
    Map<String, Long> active = activeBySlot();
    for (String target : targets) {
      assertThat(active.getOrDefault(target, 0L)).as("target %s", target).isEqualTo(10);
    }
    long moved = moves.stream().filter(r -> r.status() == 200).count();
    assertThat(active.getOrDefault(from, 0L)).isEqualTo(50 - moved);
    for (int m = 0; m < 50; m++) {
      // every mover holds exactly one booking: in the new slot if the move answered 200, else the
      // old
      String expected = moves.get(m).status() == 200 ? targets.get(m % 5) : from;
      assertThat(activeSlotsOf("m" + m)).as("m%d", m).containsExactly(expected);
    }
    assertThat(api.remaining(from)).isEqualTo((int) moved);
    System.out.println("reschedule race: " + moved + " of 50 moves won");
    // both bounds follow from the gates: a move answers sold_out only when its target holds 10,
    // and until the first move answers, bookings hold at most 1 of any target
    assertThat(moved).as("both moves and bookings won seats").isBetween(1L, 49L);
  }

  @Test
  void badMovesAnswerTheirCodesAndWriteNothing() {
    String venueId = api.venue("Asia/Shanghai", "{}");
    String resourceId = api.resource(venueId, "SEATS", 5);
    String from = api.slot(resourceId, Duration.ofDays(1), Duration.ofHours(1), 5000);
    String dearer = api.slot(resourceId, Duration.ofDays(2), Duration.ofHours(1), 6000);
    String cheaper = api.slot(resourceId, Duration.ofDays(3), Duration.ofHours(1), 4000);
    String otherVenue = api.openSlot("SEATS", 5, 5000);
    String paid = api.paidBooking("u1", from);
    // a hold whose payment of the old price is under way: the money on its way is the old price
    String paying = api.book("u3", from, 1).text("bookingId");
    ApiDriver.expect(api.pay("u3", paying), 200);
    int items = SeatLedger.itemCount(Aws.dynamo(), api.table);

    Map<String, Integer> expected =
        Map.of(
            "dearer", 409,
            "cheaper while paying", 409,
            "same", 409,
            "other venue", 422,
            "unknown", 404,
            "not theirs", 404,
            "no target", 422);
    Map<String, Reply> replies = new java.util.HashMap<>();
    replies.put("dearer", move("u1", paid, dearer));
    replies.put("cheaper while paying", move("u3", paying, cheaper));
    replies.put("same", move("u1", paid, from));
    replies.put("other venue", move("u1", paid, otherVenue));
    replies.put("unknown", move("u1", paid, "s-none"));
    replies.put("not theirs", move("u2", paid, cheaper));
    replies.put(
        "no target",
        api.send(
            "POST /bookings/{bookingId}/reschedule",
            e -> e.as("u1", CUSTOMER).path("bookingId", paid).body("{\"fromSlotId\":\"x\"}")));

    expected.forEach(
        (what, status) ->
            assertThat(replies.get(what).status())
                .as("%s: %s", what, replies.get(what))
                .isEqualTo(status));
    assertThat(replies.get("dearer").text("code")).isEqualTo("price_higher");
    assertThat(replies.get("cheaper while paying").text("code")).isEqualTo("price_lower");
    assertThat(replies.get("same").text("code")).isEqualTo("invalid_transition");
    assertThat(replies.values())
        .allSatisfy(r -> assertThat(r.contentType()).startsWith("application/problem+json"));
    // the paid-for seat: 6 slots' worth of items read back unchanged (the audit of the payment
    // aside)
    assertThat(SeatLedger.itemCount(Aws.dynamo(), api.table)).isEqualTo(items);
    assertThat(api.booking("u1", paid).text("slotId")).isEqualTo(from);
  }

  private com.fasterxml.jackson.databind.JsonNode paymentOf(String user, String bookingId) {
    return api.send(
            "GET /bookings/{bookingId}/payments",
            e -> e.as(user, CUSTOMER).path("bookingId", bookingId))
        .json()
        .get("items")
        .get(0);
  }

  private static List<String> refunds(com.fasterxml.jackson.databind.JsonNode payment) {
    List<String> out = new ArrayList<>();
    payment
        .get("refunds")
        .forEach(
            r ->
                out.add(
                    r.get("refundNo").asText()
                        + " "
                        + r.get("status").asText()
                        + " "
                        + r.get("amountMinor").asLong()));
    return out;
  }

  @Test
  void aPaidMoveToACheaperSlotRefundsTheDifferenceAndALaterCancelOnlyWhatIsLeft() {
    String venueId = api.venue("Asia/Shanghai", "{}");
    String resourceId = api.resource(venueId, "SEATS", 5);
    String from = api.slot(resourceId, Duration.ofDays(1), Duration.ofHours(1), 5000);
    String cheaper = api.slot(resourceId, Duration.ofDays(2), Duration.ofHours(1), 3800);
    String paid = api.paidBooking("u1", from);
    String paymentNo = paymentOf("u1", paid).get("paymentNo").asText();

    Reply moved = move("u1", paid, cheaper);

    ApiDriver.expect(moved, 200);
    assertThat(moved.text("slotId")).isEqualTo(cheaper);
    assertThat(moved.text("status")).isEqualTo("PAID");
    assertThat(moved.json().path("amountMinor").asLong()).isEqualTo(3800);
    assertThat(refunds(paymentOf("u1", paid)))
        .containsExactly("R" + paymentNo + "-1 PROCESSING 1200");
    assertThat(paymentOf("u1", paid).get("status").asText()).isEqualTo("SUCCEEDED");
    // the provider pays the difference back; the booking stays paid, the payment succeeded
    assertThat(api.provider.reportRefund("R" + paymentNo + "-1", "REFUNDED")).isTrue();
    assertThat(api.provider.reportRefund("R" + paymentNo + "-1", "REFUNDED")).isTrue(); // again
    assertThat(refunds(paymentOf("u1", paid)))
        .containsExactly("R" + paymentNo + "-1 SUCCEEDED 1200");
    assertThat(api.booking("u1", paid).text("status")).isEqualTo("PAID");
    assertThat(api.remaining(from)).isEqualTo(5);
    assertThat(api.remaining(cheaper)).isEqualTo(4);
    // cancelled later, in full: only what the booking costs now comes back, never the whole again
    Reply cancelled = api.cancel("u1", paid);
    ApiDriver.expect(cancelled, 200);
    assertThat(cancelled.json().get("refundMinor").asLong()).isEqualTo(3800);
    api.provider.report(paymentNo, "REFUNDED");
    assertThat(api.booking("u1", paid).text("status")).isEqualTo("REFUNDED");
    assertThat(refunds(paymentOf("u1", paid)))
        .containsExactly(
            "R" + paymentNo + "-1 SUCCEEDED 1200", "R" + paymentNo + " SUCCEEDED 3800");
    String audit =
        api.send("GET /audit", e -> e.as("admin-1", ApiDriver.ADMIN).query("bookingId", paid))
            .body();
    assertThat(audit).contains("rescheduled from slot " + from + " to slot " + cheaper);
  }

  @Test
  void movesOfOnePaidBookingRacingToCheaperSlotsRefundEachMoveOnceAndNoMoreThanTheDifference()
      throws Exception {
    String venueId = api.venue("Asia/Shanghai", "{}");
    String resourceId = api.resource(venueId, "SEATS", 3);
    String from = api.slot(resourceId, Duration.ofDays(1), Duration.ofHours(1), 5000);
    List<String> targets = new ArrayList<>();
    for (int t = 0; t < 8; t++) {
      targets.add(
          api.slot(resourceId, Duration.ofDays(1).plusHours(2 + t), Duration.ofHours(1), 4000 - t));
    }
    String paid = api.paidBooking("u1", from);

    // Eight moves of one booking at once: a move that keeps losing to the others answers 503
    // throttled (it wrote nothing) and the client asks again, as the answer tells it to.
    List<Reply> replies =
        Race.all(
            targets.size(),
            i ->
                () -> {
                  Reply r = move("u1", paid, targets.get(i));
                  for (int again = 0; again < 5 && r.status() == 503; again++) {
                    assertThat(r.text("code")).isEqualTo("throttled");
                    r = move("u1", paid, targets.get(i));
                  }
                  return r;
                });

    List<Reply> movedOk = replies.stream().filter(r -> r.status() == 200).toList();
    assertThat(replies).allSatisfy(r -> assertThat(r.status()).isIn(200, 409));
    assertThat(movedOk).isNotEmpty();
    String where = api.booking("u1", paid).text("slotId");
    long price = 4000 - targets.indexOf(where);
    // each move that answered 200 moved the booking on from where the one before it left it: one
    // refund part per move, and together they are exactly the price difference, never more
    List<String> parts = refunds(paymentOf("u1", paid));
    assertThat(parts).hasSize(movedOk.size());
    long refunded = parts.stream().mapToLong(p -> Long.parseLong(p.split(" ")[2])).sum();
    assertThat(refunded).isEqualTo(5000 - price);
    assertThat(api.remaining(from)).isEqualTo(3);
    for (String t : targets) {
      assertThat(api.remaining(t)).isEqualTo(t.equals(where) ? 2 : 3);
    }
  }

  @Test
  void aMovedBookingIsInItsNewSlotTheOldSeatIsFreeAndTheAuditSaysWhere() {
    String venueId = api.venue("Asia/Shanghai", "{}");
    String resourceId = api.resource(venueId, "EXCLUSIVE", 1);
    String from = api.slot(resourceId, Duration.ofDays(1), Duration.ofHours(1), 5000);
    String to = api.slot(resourceId, Duration.ofDays(1).plusHours(3), Duration.ofHours(1), 5000);
    String paid = api.paidBooking("u1", from);

    Reply moved = move("u1", paid, to);

    ApiDriver.expect(moved, 200);
    assertThat(moved.text("slotId")).isEqualTo(to);
    assertThat(moved.text("status")).isEqualTo("PAID");
    assertThat(api.remaining(from)).isEqualTo(1);
    assertThat(api.remaining(to)).isZero();
    ApiDriver.expect(api.book("u2", from, 1), 201);
    String audit =
        api.send("GET /audit", e -> e.as("admin-1", ApiDriver.ADMIN).query("bookingId", paid))
            .body();
    assertThat(audit).contains("rescheduled from slot " + from + " to slot " + to);
    // cancelled from its new slot, the booking's refund is its payment's, and the seat comes back
    ApiDriver.expect(api.cancel("u1", paid), 200);
    assertThat(api.remaining(to)).isEqualTo(1);
  }

  @Test
  void aPassBookingMovesWithItsCreditsAndThePassLedgerStillBalances() {
    String venueId = api.venue("Asia/Shanghai", "{}");
    String resourceId = api.resource(venueId, "SEATS", 4);
    String from = api.slot(resourceId, Duration.ofDays(1), Duration.ofHours(1), 5000);
    String to = api.slot(resourceId, Duration.ofDays(2), Duration.ofHours(1), 7000);
    String planId =
        api.send(
                "POST /venues/{venueId}/plans",
                e ->
                    e.as("admin-1", ApiDriver.ADMIN)
                        .path("venueId", venueId)
                        .body(
                            "{\"name\":\"Ten\",\"kind\":\"PACK\",\"credits\":10,\"validity\":\"P30D\","
                                + "\"priceMinor\":30000,\"currency\":\"CNY\"}"))
            .text("planId");
    String passId =
        api.send(
                "POST /staff/passes",
                e ->
                    e.as("desk-1", ApiDriver.FRONTDESK)
                        .body("{\"planId\":\"" + planId + "\",\"customer\":{\"userId\":\"u1\"}}"))
            .text("passId");
    Reply booked =
        api.send(
            "POST /bookings",
            e ->
                e.as("u1", CUSTOMER)
                    .body(
                        "{\"slotId\":\""
                            + from
                            + "\",\"quantity\":2,\"passId\":\""
                            + passId
                            + "\"}"));
    ApiDriver.expect(booked, 201);

    Reply moved = move("u1", booked.text("bookingId"), to);

    ApiDriver.expect(moved, 200);
    assertThat(moved.text("slotId")).isEqualTo(to);
    assertThat(moved.json().path("amountMinor").asLong()).isZero();
    assertThat(api.remaining(from)).isEqualTo(4);
    assertThat(api.remaining(to)).isEqualTo(2);
    // the credits stay held by the booking: cancelled now, they come back once
    ApiDriver.expect(api.cancel("u1", booked.text("bookingId")), 200);
    assertThat(
            api.send("GET /me/passes", e -> e.as("u1", CUSTOMER))
                .json()
                .path("items")
                .get(0)
                .path("creditsLeft")
                .asInt())
        .isEqualTo(10);
  }

  private Map<String, Long> activeBySlot() {
    return scan().stream()
        .filter(i -> "BOOKING".equals(s(i, "type")))
        .filter(i -> Set.of("PENDING_PAY", "PAID").contains(s(i, "status")))
        .collect(Collectors.groupingBy(i -> s(i, "slotId"), Collectors.counting()));
  }

  private List<String> activeSlotsOf(String userId) {
    return scan().stream()
        .filter(i -> "BOOKING".equals(s(i, "type")) && userId.equals(s(i, "userId")))
        .filter(i -> Set.of("PENDING_PAY", "PAID").contains(s(i, "status")))
        .map(i -> s(i, "slotId"))
        .toList();
  }

  private List<Map<String, AttributeValue>> scan() {
    return Aws.dynamo()
        .scanPaginator(r -> r.tableName(api.table).consistentRead(true))
        .items()
        .stream()
        .toList();
  }

  private static String s(Map<String, AttributeValue> item, String name) {
    AttributeValue v = item.get(name);
    return v == null ? null : v.s();
  }
}
