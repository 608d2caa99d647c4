package fairslot.handler.booking;

import static fairslot.testing.ApiDriver.CUSTOMER;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.handler.ScheduledJobHandler;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.Race;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code POST /bookings {slotIds}} (v1.2) through the HTTP handler on the emulator: every slot's
 * seats in one transaction or none, one hold, one payment of the sum, one cancel, recounted from
 * raw items after each test.
 */
class MultiSlotIT {
  private static final Set<String> ACTIVE = Set.of("PENDING_PAY", "PAID", "COMPLETED", "NO_SHOW");

  private final ApiDriver api = new ApiDriver("multislot");

  @AfterEach
  void ledgersBalance() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table); // seats and member counters
    assertEveryGroupMovesTogether();
  }

  private Reply bookSlots(String user, List<String> slotIds, String extra) {
    String ids = slotIds.stream().map(s -> "\"" + s + "\"").collect(Collectors.joining(","));
    return api.send(
        "POST /bookings",
        e -> e.as(user, CUSTOMER).body("{\"slotIds\":[" + ids + "],\"quantity\":1" + extra + "}"));
  }

  private Reply bookSlots(String user, List<String> slotIds) {
    return bookSlots(user, slotIds, "");
  }

  @Test
  void aTwoHourCourtIsOneBookingOfTwoSlotsPaidOnceAndCancelledWhole() {
    String venueId = api.venue("Asia/Shanghai", "{}");
    String court = api.resource(venueId, "EXCLUSIVE", 1);
    String ten = api.slot(court, Duration.ofDays(3), Duration.ofHours(1), 3000);
    String eleven = api.slot(court, Duration.ofDays(3).plusHours(1), Duration.ofHours(1), 5000);

    // named latest first: the booking lists its slots earliest first, the earliest is its lead
    Reply booked = bookSlots("u1", List.of(eleven, ten));
    ApiDriver.expect(booked, 201);
    String bookingId = booked.text("bookingId");
    assertThat(booked.text("status")).isEqualTo("PENDING_PAY");
    assertThat(booked.json().get("amountMinor").asLong()).isEqualTo(8000);
    assertThat(booked.text("slotId")).isEqualTo(ten);
    assertThat(slotIdsOf(booked)).containsExactly(ten, eleven);
    assertThat(api.remaining(ten)).isZero();
    assertThat(api.remaining(eleven)).isZero();
    assertThat(linesOf(bookingId)).hasSize(2);

    Reply pay = api.pay("u1", bookingId);
    ApiDriver.expect(pay, 200);
    assertThat(pay.json().get("amountMinor").asLong()).isEqualTo(8000);
    api.provider.report(pay.text("paymentNo"), "SUCCEEDED");
    assertThat(api.booking("u1", bookingId).text("status")).isEqualTo("PAID");
    assertThat(linesOf(bookingId).values()).containsOnly("PAID");

    Reply mine = api.send("GET /me/bookings", e -> e.as("u1", CUSTOMER));
    assertThat(mine.json().get("items")).hasSize(1); // listed once, as its lead
    assertThat(slotIdsOf(new Reply(200, Map.of(), mine.json().get("items").get(0).toString())))
        .containsExactly(ten, eleven);

    Reply cancelled = api.cancel("u1", bookingId);
    ApiDriver.expect(cancelled, 200);
    assertThat(cancelled.text("status")).isEqualTo("REFUNDING");
    assertThat(cancelled.json().get("refundMinor").asLong()).isEqualTo(8000);
    assertThat(linesOf(bookingId).values()).containsOnly("REFUNDING");
    assertThat(api.remaining(ten)).isEqualTo(1);
    assertThat(api.remaining(eleven)).isEqualTo(1);

    api.provider.report(pay.text("paymentNo"), "REFUNDED");
    assertThat(api.booking("u1", bookingId).text("status")).isEqualTo("REFUNDED");
    assertThat(linesOf(bookingId).values()).containsOnly("REFUNDED");
  }

  @Test
  void theVenueCancellingALaterSlotRefundsItsShareAndTheBookingKeepsTheOthers() {
    String venueId = api.venue("Asia/Shanghai", "{}");
    String court = api.resource(venueId, "EXCLUSIVE", 1);
    String ten = api.slot(court, Duration.ofDays(3), Duration.ofHours(1), 3000);
    String eleven = api.slot(court, Duration.ofDays(3).plusHours(1), Duration.ofHours(1), 5000);
    String bookingId = bookSlots("u1", List.of(ten, eleven)).text("bookingId");
    String paymentNo = api.pay("u1", bookingId).text("paymentNo");
    api.provider.report(paymentNo, "SUCCEEDED");

    ApiDriver.expect(cancelSlot(eleven), 200);
    ApiDriver.expect(cancelSlot(eleven), 200); // again: nothing more

    Reply kept = api.booking("u1", bookingId);
    assertThat(kept.text("status")).isEqualTo("PAID");
    assertThat(statusesOf(kept)).containsExactly("PAID", "CANCELLED");
    assertThat(api.remaining(ten)).isZero();
    var refunds = paymentOf("u1", bookingId).get("refunds");
    assertThat(refunds).hasSize(1);
    assertThat(refunds.get(0).get("refundNo").asText()).isEqualTo("R" + paymentNo + "-1");
    assertThat(refunds.get(0).get("amountMinor").asLong()).isEqualTo(5000);
    assertThat(api.provider.reportRefund("R" + paymentNo + "-1", "REFUNDED")).isTrue();

    // the member's cancel refunds what the booking still holds: the 10:00 hour
    Reply cancelled = api.cancel("u1", bookingId);
    assertThat(cancelled.text("status")).isEqualTo("REFUNDING");
    assertThat(cancelled.json().get("refundMinor").asLong()).isEqualTo(3000);
    assertThat(api.remaining(ten)).isEqualTo(1);
    api.provider.report(paymentNo, "REFUNDED");
    Reply done = api.booking("u1", bookingId);
    assertThat(done.text("status")).isEqualTo("REFUNDED");
    assertThat(statusesOf(done)).containsExactly("REFUNDED", "CANCELLED");
    assertThat(paymentOf("u1", bookingId).get("refunds").findValuesAsText("status"))
        .containsOnly("SUCCEEDED");

    // the venue cancelling the first slot: the same, and the booking goes on with its later slot
    String noon = api.slot(court, Duration.ofDays(3).plusHours(2), Duration.ofHours(1), 2000);
    String one = api.slot(court, Duration.ofDays(3).plusHours(3), Duration.ofHours(1), 3000);
    String second = bookSlots("u2", List.of(noon, one)).text("bookingId");
    String secondPayment = api.pay("u2", second).text("paymentNo");
    api.provider.report(secondPayment, "SUCCEEDED");
    ApiDriver.expect(cancelSlot(noon), 200);
    Reply rest = api.booking("u2", second);
    assertThat(rest.text("status")).isEqualTo("PAID");
    assertThat(statusesOf(rest)).containsExactly("CANCELLED", "PAID");
    assertThat(paymentOf("u2", second).get("refunds").get(0).get("amountMinor").asLong())
        .isEqualTo(2000);
    assertThat(api.remaining(one)).isZero();
    // its cancel, by the booking's id, refunds the slot it still holds
    Reply after = api.cancel("u2", second);
    assertThat(after.text("bookingId")).isEqualTo(second);
    assertThat(after.text("status")).isEqualTo("REFUNDING");
    assertThat(after.json().get("refundMinor").asLong()).isEqualTo(3000);
    assertThat(api.remaining(one)).isEqualTo(1);
    api.provider.report(secondPayment, "REFUNDED");
    Reply ended = api.booking("u2", second);
    assertThat(ended.text("status")).isEqualTo("REFUNDED");
    assertThat(statusesOf(ended)).containsExactly("CANCELLED", "REFUNDED");

    // the venue cancelling the last slot a booking still holds ends it, refunded that slot
    String two = api.slot(court, Duration.ofDays(3).plusHours(4), Duration.ofHours(1), 2000);
    String three = api.slot(court, Duration.ofDays(3).plusHours(5), Duration.ofHours(1), 2000);
    String third = bookSlots("u3", List.of(two, three)).text("bookingId");
    String thirdPayment = api.pay("u3", third).text("paymentNo");
    api.provider.report(thirdPayment, "SUCCEEDED");
    ApiDriver.expect(cancelSlot(three), 200);
    ApiDriver.expect(cancelSlot(two), 200);
    Reply gone = api.booking("u3", third);
    assertThat(gone.text("status")).isEqualTo("REFUNDING");
    assertThat(gone.json().get("refundMinor").asLong()).isEqualTo(2000);
    assertThat(statusesOf(gone)).containsExactly("REFUNDING", "CANCELLED");
    assertThat(paymentOf("u3", third).get("refunds").findValuesAsText("amountMinor"))
        .containsExactlyInAnyOrder("2000", "2000"); // the part, then the payment's own refund
  }

  @Test
  void theDeskRefundsWhatTheSlotsStillHoldEvenWithoutTheFirst() {
    String venueId = api.venue("Asia/Shanghai", "{}");
    String court = api.resource(venueId, "EXCLUSIVE", 1);
    String a = api.slot(court, Duration.ofDays(3), Duration.ofHours(1), 2000);
    String b = api.slot(court, Duration.ofDays(3).plusHours(1), Duration.ofHours(1), 3000);
    String c = api.slot(court, Duration.ofDays(3).plusHours(2), Duration.ofHours(1), 4000);
    String bookingId = bookSlots("u1", List.of(a, b, c)).text("bookingId");
    api.provider.report(api.pay("u1", bookingId).text("paymentNo"), "SUCCEEDED");
    ApiDriver.expect(cancelSlot(a), 200); // the first hour, its 2000 refunded as a part

    Reply refunded =
        api.send(
            "POST /staff/bookings/{bookingId}/refund",
            e -> e.as("desk-1", ApiDriver.FRONTDESK).path("bookingId", bookingId));

    assertThat(refunded.status()).as(refunded.toString()).isEqualTo(200);
    assertThat(refunded.text("bookingId")).isEqualTo(bookingId);
    assertThat(refunded.text("status")).isEqualTo("REFUNDING");
    assertThat(refunded.json().get("refundMinor").asLong()).isEqualTo(7000); // 3000 + 4000
    assertThat(statusesOf(refunded)).containsExactly("CANCELLED", "REFUNDING", "REFUNDING");
    assertThat(api.remaining(b)).isEqualTo(1);
    assertThat(api.remaining(c)).isEqualTo(1);
  }

  private Reply cancelSlot(String slotId) {
    return api.send(
        "POST /slots/{slotId}/cancel",
        e -> e.as("admin-1", ApiDriver.ADMIN).path("slotId", slotId));
  }

  private com.fasterxml.jackson.databind.JsonNode paymentOf(String user, String bookingId) {
    return api.send(
            "GET /bookings/{bookingId}/payments",
            e -> e.as(user, CUSTOMER).path("bookingId", bookingId))
        .json()
        .get("items")
        .get(0);
  }

  private static List<String> statusesOf(Reply r) {
    List<String> out = new ArrayList<>();
    r.json().get("slots").forEach(s -> out.add(s.get("status").asText()));
    return out;
  }

  @Test
  void aSlotTakenMeanwhileRefusesTheWholeBookingNamingThatSlot() {
    String venueId = api.venue("Asia/Shanghai", "{}");
    String court = api.resource(venueId, "EXCLUSIVE", 1);
    String first = api.slot(court, Duration.ofDays(2), Duration.ofHours(1), 0);
    String second = api.slot(court, Duration.ofDays(2).plusHours(1), Duration.ofHours(1), 0);
    ApiDriver.expect(api.book("other", second, 1), 201);

    Reply refused = bookSlots("u1", List.of(first, second));
    assertThat(refused.status()).as(refused.toString()).isEqualTo(409);
    assertThat(refused.text("code")).isEqualTo("sold_out");
    assertThat(refused.text("slotId")).isEqualTo(second);
    assertThat(api.remaining(first)).isEqualTo(1); // nothing taken
    Reply mine = api.send("GET /me/bookings", e -> e.as("u1", CUSTOMER));
    assertThat(mine.json().get("items")).isEmpty();

    // free slots: PAID as booked, and a cancel hands every seat back
    String third = api.slot(court, Duration.ofDays(2).plusHours(2), Duration.ofHours(1), 0);
    Reply free = bookSlots("u1", List.of(first, third));
    ApiDriver.expect(free, 201);
    assertThat(free.text("status")).isEqualTo("PAID");
    Reply cancelled = api.cancel("u1", free.text("bookingId"));
    assertThat(cancelled.text("status")).isEqualTo("CANCELLED");
    assertThat(linesOf(free.text("bookingId")).values()).containsOnly("CANCELLED");
    assertThat(api.remaining(first)).isEqualTo(1);
    assertThat(api.remaining(third)).isEqualTo(1);
  }

  @Test
  void theHoldIsOneAndItsExpiryReturnsEverySlot() {
    String venueId = api.venue("Asia/Shanghai", "{}");
    String court = api.resource(venueId, "EXCLUSIVE", 1);
    String a = api.slot(court, Duration.ofDays(2), Duration.ofHours(1), 3000);
    String b = api.slot(court, Duration.ofDays(2).plusHours(1), Duration.ofHours(1), 3000);
    String bookingId = bookSlots("u1", List.of(a, b)).text("bookingId");

    api.clock.advance(Duration.ofMinutes(16));
    new ScheduledJobHandler(api.wiring).run("sweep-holds");

    assertThat(linesOf(bookingId).values()).containsOnly("EXPIRED");
    assertThat(api.remaining(a)).isEqualTo(1);
    assertThat(api.remaining(b)).isEqualTo(1);
    Reply late = api.pay("u1", bookingId);
    assertThat(late.status()).isEqualTo(409);
    assertThat(late.text("code")).isEqualTo("hold_expired");
  }

  @Test
  void badSlotListsAnswerTheirCodesAndWriteNothing() {
    String venueId = api.venue("Asia/Shanghai", "{}");
    String court = api.resource(venueId, "EXCLUSIVE", 1);
    List<String> slots = new ArrayList<>();
    for (int h = 0; h < 13; h++) {
      slots.add(api.slot(court, Duration.ofDays(2).plusHours(h), Duration.ofHours(1), 1000));
    }
    String elsewhere = api.openSlot("EXCLUSIVE", 1, 1000);
    String a = slots.get(0);
    String b = slots.get(1);
    String paid = api.paidBooking("u1", slots.get(12));
    int items = SeatLedger.itemCount(Aws.dynamo(), api.table);

    Map<String, Reply> replies = new HashMap<>();
    replies.put("repeated", bookSlots("u1", List.of(a, b, a)));
    replies.put("other venue", bookSlots("u1", List.of(a, elsewhere)));
    replies.put("thirteen", bookSlots("u1", slots));
    replies.put("unknown", bookSlots("u1", List.of(a, "s-none")));
    replies.put("empty", bookSlots("u1", List.of()));
    replies.put("with a pass", bookSlots("u1", List.of(a, b), ",\"passId\":\"p1\""));
    replies.put("both forms", bookSlots("u1", List.of(a, b), ",\"slotId\":\"" + a + "\""));
    replies.put("already booked", bookSlots("u1", List.of(a, slots.get(12))));
    Map<String, String> codes = new HashMap<>();
    replies.forEach((what, r) -> codes.put(what, r.status() + " " + r.text("code")));

    assertThat(codes)
        .containsEntry("repeated", "422 slot_repeated")
        .containsEntry("other venue", "422 other_venue")
        .containsEntry("thirteen", "422 too_many_slots")
        .containsEntry("unknown", "404 not_found")
        .containsEntry("empty", "422 invalid_request")
        .containsEntry("with a pass", "404 not_found") // not a pass of theirs
        .containsEntry("both forms", "422 invalid_request")
        .containsEntry("already booked", "409 already_booked");
    assertThat(replies.get("repeated").text("slotId")).isEqualTo(a);
    assertThat(replies.get("unknown").text("slotId")).isEqualTo("s-none");
    assertThat(replies.get("already booked").text("slotId")).isEqualTo(slots.get(12));
    assertThat(replies.values())
        .allSatisfy(r -> assertThat(r.contentType()).startsWith("application/problem+json"));
    assertThat(SeatLedger.itemCount(Aws.dynamo(), api.table)).isEqualTo(items);

    // a move must say which of its slots moves
    String group = bookSlots("u2", List.of(a, b)).text("bookingId");
    Reply move = move("u2", group, null, slots.get(5));
    assertThat(move.status() + " " + move.text("code")).isEqualTo("422 invalid_request");
    Reply notOfIt = move("u2", group, slots.get(7), slots.get(5));
    assertThat(notOfIt.status() + " " + notOfIt.text("code")).isEqualTo("422 invalid_request");
  }

  @Test
  void aBookingOfSeveralSlotsIsGivenWholeWithTheRecipientsRules() {
    String venueId = api.venue("Asia/Shanghai", "{}");
    String hall = api.resource(venueId, "SEATS", 5);
    String a = api.slot(hall, Duration.ofDays(3), Duration.ofHours(1), 0);
    String b = api.slot(hall, Duration.ofDays(3).plusHours(1), Duration.ofHours(1), 0);
    String bookingId = bookSlots("u1", List.of(a, b)).text("bookingId");
    ApiDriver.expect(
        api.send("PUT /me/profile", e -> e.as("u2", CUSTOMER).body("{\"name\":\"U2\"}")), 200);
    ApiDriver.expect(api.book("u3", b, 1), 201);
    ApiDriver.expect(
        api.send("PUT /me/profile", e -> e.as("u3", CUSTOMER).body("{\"name\":\"U3\"}")), 200);

    Reply refused = give("u1", bookingId, "u3"); // u3 holds the 11:00 hour already
    Reply given = give("u1", bookingId, "u2");

    assertThat(refused.status() + " " + refused.text("code")).isEqualTo("409 already_booked");
    assertThat(given.status()).as(given.toString()).isEqualTo(200);
    assertThat(given.text("userId")).isEqualTo("u2");
    assertThat(bookingItemsByGroup().get(bookingId))
        .allSatisfy(i -> assertThat(i.get("userId").s()).isEqualTo("u2"));
    // the guards went with it: u1 may book the hours again, u2 holds them
    assertThat(api.book("u1", a, 1).status()).isEqualTo(201);
    assertThat(api.book("u2", b, 1).text("code")).isEqualTo("already_booked");
    assertThat(api.cancel("u2", bookingId).text("status")).isEqualTo("CANCELLED");
  }

  @Test
  void aPassPaysEverySlotWithItsOwnCreditsInOneWrite() {
    String venueId = api.venue("Asia/Shanghai", "{}");
    String hall = api.resource(venueId, "SEATS", 5);
    String a = api.slot(hall, Duration.ofDays(3), Duration.ofHours(1), 5000);
    String b = api.slot(hall, Duration.ofDays(3).plusHours(1), Duration.ofHours(1), 5000);
    String c = api.slot(hall, Duration.ofDays(3).plusHours(2), Duration.ofHours(1), 5000);
    String planId =
        api.send(
                "POST /venues/{venueId}/plans",
                e ->
                    e.as("admin-1", ApiDriver.ADMIN)
                        .path("venueId", venueId)
                        .body(
                            "{\"name\":\"Five\",\"kind\":\"PACK\",\"credits\":5,\"validity\":\"P30D\","
                                + "\"priceMinor\":20000,\"currency\":\"CNY\"}"))
            .text("planId");
    String passId =
        api.send(
                "POST /staff/passes",
                e ->
                    e.as("desk-1", ApiDriver.FRONTDESK)
                        .body("{\"planId\":\"" + planId + "\",\"customer\":{\"userId\":\"u1\"}}"))
            .text("passId");
    String withPass = ",\"passId\":\"" + passId + "\"";

    Reply booked = bookSlots("u1", List.of(a, b), withPass);
    Reply oneMore = bookSlots("u1", List.of(c), withPass); // a booking of one slot
    Reply short4 =
        api.send(
            "POST /bookings",
            e ->
                e.as("u1", CUSTOMER)
                    .body(
                        "{\"slotIds\":[\""
                            + c
                            + "\",\""
                            + api.slot(
                                hall, Duration.ofDays(3).plusHours(3), Duration.ofHours(1), 5000)
                            + "\"],\"quantity\":2"
                            + withPass
                            + "}"));

    assertThat(booked.status()).as(booked.toString()).isEqualTo(201);
    assertThat(booked.text("status")).isEqualTo("PAID");
    assertThat(booked.json().get("amountMinor").asLong()).isZero();
    assertThat(oneMore.status()).isEqualTo(201); // 3 of the 5 credits spent now
    assertThat(short4.status() + " " + short4.text("code")).isEqualTo("409 insufficient_credits");
    assertThat(creditsLeft()).isEqualTo(2);
    ApiDriver.expect(api.cancel("u1", booked.text("bookingId")), 200);
    assertThat(creditsLeft()).isEqualTo(4); // both slots' credits back, once
  }

  private int creditsLeft() {
    return api.send("GET /me/passes", e -> e.as("u1", CUSTOMER))
        .json()
        .path("items")
        .get(0)
        .path("creditsLeft")
        .asInt();
  }

  @Test
  void eachSlotIsCheckedInOnItsOwnTicket() {
    String venueId = api.venue("Asia/Shanghai", "{}");
    String hall = api.resource(venueId, "SEATS", 5);
    String a = api.slot(hall, Duration.ofDays(3), Duration.ofHours(1), 0);
    String b = api.slot(hall, Duration.ofDays(3).plusHours(1), Duration.ofHours(1), 0);
    String bookingId = bookSlots("u1", List.of(a, b)).text("bookingId");

    Reply first = ticket(bookingId);
    Reply in1 = checkIn(first.text("ticket"));
    Reply second = ticket(bookingId);
    Reply in2 = checkIn(second.text("ticket"));

    assertThat(first.text("bookingId")).isEqualTo(bookingId); // the first hour is the lead's
    assertThat(in1.text("status")).isEqualTo("COMPLETED");
    assertThat(in1.text("slotId")).isEqualTo(a);
    assertThat(second.text("bookingId")).isNotEqualTo(bookingId); // the next hour's own
    assertThat(in2.text("slotId")).isEqualTo(b);
    assertThat(linesOf(bookingId).values()).containsOnly("COMPLETED");
    assertThat(checkIn(first.text("ticket")).text("status")).isEqualTo("COMPLETED"); // again
  }

  private Reply ticket(String bookingId) {
    return api.send(
        "GET /bookings/{bookingId}/ticket", e -> e.as("u1", CUSTOMER).path("bookingId", bookingId));
  }

  private Reply checkIn(String ticket) {
    return api.send(
        "POST /staff/check-in",
        e -> e.as("desk-1", ApiDriver.FRONTDESK).body("{\"ticket\":\"" + ticket + "\"}"));
  }

  private Reply give(String from, String bookingId, String to) {
    return api.send(
        "POST /bookings/{bookingId}/transfer",
        e ->
            e.as(from, CUSTOMER)
                .path("bookingId", bookingId)
                .body("{\"toUserId\":\"" + to + "\"}"));
  }

  private Reply move(String user, String bookingId, String from, String to) {
    String body =
        from == null
            ? "{\"toSlotId\":\"" + to + "\"}"
            : "{\"fromSlotId\":\"" + from + "\",\"toSlotId\":\"" + to + "\"}";
    return api.send(
        "POST /bookings/{bookingId}/reschedule",
        e -> e.as(user, CUSTOMER).path("bookingId", bookingId).body(body));
  }

  @Test
  void oneSlotOfTheBookingMovesInOneTransactionAndTheOthersStay() {
    String venueId = api.venue("Asia/Shanghai", "{}");
    String court1 = api.resource(venueId, "EXCLUSIVE", 1);
    String court2 = api.resource(venueId, "EXCLUSIVE", 1);
    String ten = api.slot(court1, Duration.ofDays(3), Duration.ofHours(1), 3000);
    String eleven = api.slot(court1, Duration.ofDays(3).plusHours(1), Duration.ofHours(1), 3000);
    String elevenOn2 = api.slot(court2, Duration.ofDays(3).plusHours(1), Duration.ofHours(1), 2000);
    String bookingId = bookSlots("u1", List.of(ten, eleven)).text("bookingId");
    String paymentNo = api.pay("u1", bookingId).text("paymentNo");
    api.provider.report(paymentNo, "SUCCEEDED");

    Reply moved = move("u1", bookingId, eleven, elevenOn2);

    assertThat(moved.status()).as(moved.toString()).isEqualTo(200);
    assertThat(moved.text("bookingId")).isEqualTo(bookingId); // the booking the member sees
    assertThat(slotIdsOf(moved)).containsExactly(ten, elevenOn2);
    assertThat(moved.json().get("amountMinor").asLong()).isEqualTo(5000);
    assertThat(api.remaining(eleven)).isEqualTo(1);
    assertThat(api.remaining(elevenOn2)).isZero();
    assertThat(linesOf(bookingId).values()).containsOnly("PAID");
    // every line knows the group as it is now
    assertThat(bookingItemsByGroup().get(bookingId))
        .allSatisfy(
            i ->
                assertThat(i.get("groupLines").l().get(1).m().get("slotId").s())
                    .isEqualTo(elevenOn2));
    var refunds = paymentOf("u1", bookingId).get("refunds");
    assertThat(refunds.get(0).get("amountMinor").asLong()).isEqualTo(1000); // the difference
    // the 10:00 slot onto the court the booking holds at 11:00 now: one booking per slot
    assertThat(move("u1", bookingId, ten, elevenOn2).text("code")).isEqualTo("already_booked");

    Reply cancelled = api.cancel("u1", bookingId);
    assertThat(cancelled.json().get("refundMinor").asLong()).isEqualTo(5000); // 6000 - 1000
    assertThat(linesOf(bookingId).values()).containsOnly("REFUNDING");
    assertThat(api.remaining(elevenOn2)).isEqualTo(1);
  }

  @Test
  void twoHundredMembersRacingForOverlappingTwoSlotRunsOnTenCourtsNeverHalfBook() throws Exception {
    String venueId = api.venue("Asia/Shanghai", "{}");
    List<List<String>> courts = new ArrayList<>();
    for (int c = 0; c < 10; c++) {
      String court = api.resource(venueId, "EXCLUSIVE", 1);
      List<String> hours = new ArrayList<>();
      for (int h = 0; h < 3; h++) {
        hours.add(api.slot(court, Duration.ofDays(2).plusHours(h), Duration.ofHours(1), 2000));
      }
      courts.add(hours);
    }
    // member n wants court n % 10 from hour (n / 10) % 2 for two hours: 18:00-20:00 and
    // 19:00-21:00 overlap on the middle hour, so exactly one run per court can be sold
    List<Reply> replies =
        Race.all(
            200,
            n -> {
              List<String> hours = courts.get(n % 10);
              int from = (n / 10) % 2;
              return () -> {
                Reply r = bookSlots("m" + n, hours.subList(from, from + 2));
                // 503 throttled wrote nothing and says to ask again: the member does
                for (int again = 0; again < 5 && r.status() == 503; again++) {
                  r = bookSlots("m" + n, hours.subList(from, from + 2));
                }
                return r;
              };
            });

    assertThat(replies)
        .allSatisfy(r -> assertThat(r.status()).as(r.toString()).isIn(201, 409))
        .filteredOn(r -> r.status() == 409)
        .allSatisfy(r -> assertThat(r.text("code")).isEqualTo("sold_out"));
    Map<String, List<Map<String, AttributeValue>>> byGroup = bookingItemsByGroup();
    long won = replies.stream().filter(r -> r.status() == 201).count();
    assertThat(won).as("one run per court").isEqualTo(10);
    for (Reply r : replies) {
      if (r.status() == 201) {
        assertThat(byGroup.get(r.text("bookingId")))
            .hasSize(2)
            .allSatisfy(i -> assertThat(i.get("status").s()).isEqualTo("PENDING_PAY"));
      }
    }
    // no booking item of a loser anywhere: all or nothing
    assertThat(byGroup).hasSize(10);
    for (List<String> hours : courts) {
      long held = hours.stream().filter(h -> api.remaining(h) == 0).count();
      assertThat(held).as("a run of two hours on %s", hours).isEqualTo(2);
      assertThat(api.remaining(hours.get(1))).isZero(); // the middle hour is in every run
    }
  }

  /** The booking's lines' statuses by line id, from raw items. */
  private Map<String, String> linesOf(String leadId) {
    return bookingItemsByGroup().getOrDefault(leadId, List.of()).stream()
        .collect(Collectors.toMap(i -> i.get("bookingId").s(), i -> i.get("status").s()));
  }

  /** Every booking item of a group, by its lead's id (groups only). */
  private Map<String, List<Map<String, AttributeValue>>> bookingItemsByGroup() {
    Map<String, List<Map<String, AttributeValue>>> groups = new HashMap<>();
    Aws.dynamo()
        .scanPaginator(r -> r.tableName(api.table).consistentRead(true))
        .items()
        .forEach(
            i -> {
              if (i.get("type") != null
                  && i.get("type").s().equals("BOOKING")
                  && i.containsKey("groupLines")) {
                String lead = i.get("groupLines").l().get(0).m().get("bookingId").s();
                groups.computeIfAbsent(lead, k -> new ArrayList<>()).add(i);
              }
            });
    return groups;
  }

  /**
   * Every slot of a group holds its seats, or none does: no half-booking anywhere, but for a slot
   * the venue cancelled on its own (its line CANCELLED, its share refunded).
   */
  private void assertEveryGroupMovesTogether() {
    Set<String> cancelledSlots =
        Aws.dynamo()
            .scanPaginator(r -> r.tableName(api.table).consistentRead(true))
            .items()
            .stream()
            .filter(i -> i.get("type") != null && i.get("type").s().equals("SLOT"))
            .filter(i -> i.get("status").s().equals("CANCELLED"))
            .map(i -> i.get("slotId").s())
            .collect(Collectors.toSet());
    bookingItemsByGroup()
        .forEach(
            (lead, lines) -> {
              assertThat(lines)
                  .as("lines of %s", lead)
                  .hasSize(lines.get(0).get("groupLines").l().size());
              Set<Boolean> active =
                  lines.stream()
                      .filter(
                          i ->
                              !(cancelledSlots.contains(i.get("slotId").s())
                                  && i.get("status").s().equals("CANCELLED")))
                      .map(i -> ACTIVE.contains(i.get("status").s()))
                      .collect(Collectors.toSet());
              assertThat(active).as("lines of %s hold seats together", lead).hasSizeLessThan(2);
            });
  }

  private static List<String> slotIdsOf(Reply r) {
    List<String> ids = new ArrayList<>();
    r.json().get("slots").forEach(s -> ids.add(s.get("slotId").asText()));
    return ids;
  }
}
