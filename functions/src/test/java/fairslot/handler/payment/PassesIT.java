package fairslot.handler.payment;

import static fairslot.testing.ApiDriver.ADMIN;
import static fairslot.testing.ApiDriver.CUSTOMER;
import static fairslot.testing.ApiDriver.FRONTDESK;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.handler.ScheduledJobHandler;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.PassLedger;
import fairslot.testing.Race;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Passes (v1.1 "Passes and credits"): credits are taken in the booking transaction under a
 * condition on the pass, returned exactly once by a cancel in time, and every credit is accounted
 * for after each test (SeatLedger → PassLedger).
 */
class PassesIT {
  private final ApiDriver api = new ApiDriver("passes");

  @AfterEach
  void ledgersBalance() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table); // seats, member counters, pass credits
  }

  private String plan(String venueId, String body) {
    Reply r =
        api.send(
            "POST /venues/{venueId}/plans",
            e -> e.as("admin-1", ADMIN).path("venueId", venueId).body(body));
    assertThat(r.status()).as(r.body()).isEqualTo(201);
    return r.text("planId");
  }

  private String pack(String venueId, int credits) {
    return plan(
        venueId,
        "{\"name\":\"Ten classes\",\"kind\":\"PACK\",\"credits\":"
            + credits
            + ",\"validity\":\"P30D\",\"priceMinor\":50000,\"currency\":\"CNY\"}");
  }

  private String soldPass(String planId, String userId) {
    Reply r =
        api.send(
            "POST /staff/passes",
            e ->
                e.as("desk-1", FRONTDESK)
                    .body(
                        "{\"planId\":\""
                            + planId
                            + "\",\"customer\":{\"userId\":\""
                            + userId
                            + "\"}}"));
    assertThat(r.status()).as(r.body()).isEqualTo(201);
    return r.text("passId");
  }

  private Reply bookWith(String userId, String slotId, int quantity, String passId) {
    return api.send(
        "POST /bookings",
        e ->
            e.as(userId, CUSTOMER)
                .body(
                    "{\"slotId\":\""
                        + slotId
                        + "\",\"quantity\":"
                        + quantity
                        + ",\"passId\":\""
                        + passId
                        + "\"}"));
  }

  private JsonNode myPass(String userId, String passId) {
    for (JsonNode p : api.send("GET /me/passes", e -> e.as(userId, CUSTOMER)).json().get("items")) {
      if (p.get("passId").asText().equals(passId)) {
        return p;
      }
    }
    throw new AssertionError("no pass " + passId);
  }

  private List<String> slots(String resourceId, int n) {
    List<String> slots = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      slots.add(api.slot(resourceId, Duration.ofHours(5 + i), Duration.ofHours(1), 8000));
    }
    return slots;
  }

  @Test
  void aBookingWithAPassIsPaidWithCreditsAndACancelInTimeGivesThemBackOnce() {
    String venueId = api.venue("Asia/Shanghai", "{}");
    String slotId = slots(api.resource(venueId, "SEATS", 10), 1).get(0);
    String passId = soldPass(pack(venueId, 5), "u1");

    Reply sold = api.send("GET /me/passes", e -> e.as("u1", CUSTOMER));
    Reply booked = bookWith("u1", slotId, 2, passId);
    int afterBooking = myPass("u1", passId).get("creditsLeft").asInt();
    Reply cancelled = api.cancel("u1", booked.text("bookingId"));
    Reply again = api.cancel("u1", booked.text("bookingId"));

    JsonNode pass = sold.json().get("items").get(0);
    assertThat(pass.get("status").asText()).isEqualTo("ACTIVE");
    assertThat(pass.get("creditsLeft").asInt()).isEqualTo(5);
    // sold at 2026-12-01T00:00Z for 30 days, shown in the venue's zone
    assertThat(pass.get("validUntil").asText()).isEqualTo("2026-12-31T08:00:00+08:00");
    assertThat(booked.status()).isEqualTo(201);
    assertThat(booked.text("status")).isEqualTo("PAID");
    assertThat(booked.json().get("amountMinor").asLong()).isZero();
    assertThat(booked.text("passId")).isEqualTo(passId);
    assertThat(afterBooking).isEqualTo(3);
    assertThat(cancelled.text("status")).isEqualTo("CANCELLED");
    assertThat(again.text("status")).isEqualTo("CANCELLED");
    assertThat(myPass("u1", passId).get("creditsLeft").asInt()).isEqualTo(5);
    assertThat(api.remaining(slotId)).isEqualTo(10);
  }

  @Test
  void twentyParallelBookingsSpendingAThreeCreditPassGiveExactlyThree() throws Exception {
    String venueId = api.venue("UTC", "{}");
    List<String> slots = slots(api.resource(venueId, "SEATS", 10), 20);
    String passId = soldPass(pack(venueId, 3), "u1");

    List<Reply> replies = Race.all(20, i -> () -> bookWith("u1", slots.get(i), 1, passId));

    assertThat(replies.stream().filter(r -> r.status() == 201)).hasSize(3);
    assertThat(replies.stream().filter(r -> r.status() != 201))
        .hasSize(17)
        .allSatisfy(r -> assertThat(r.text("code")).isEqualTo("insufficient_credits"));
    JsonNode pass = myPass("u1", passId);
    assertThat(pass.get("creditsLeft").asInt()).isZero();
    assertThat(pass.get("status").asText()).isEqualTo("USED_UP");
    assertThat(PassLedger.count(Aws.dynamo().scan(s -> s.tableName(api.table)).items()).get(passId))
        .containsExactly(3, 0, 3, 0, 0, 0);
  }

  @Test
  void aPassIsRefusedElsewhereAfterItsValidityForTooManySeatsAndForSomeoneElse() {
    String venueId = api.venue("UTC", "{}");
    String covered = api.resource(venueId, "SEATS", 10);
    String other = api.resource(venueId, "SEATS", 10);
    String planId =
        plan(
            venueId,
            "{\"name\":\"Yoga only\",\"kind\":\"PACK\",\"credits\":2,\"validity\":\"P7D\","
                + "\"resourceIds\":[\""
                + covered
                + "\"],\"priceMinor\":1000,\"currency\":\"CNY\"}");
    String passId = soldPass(planId, "u1");
    String otherVenue = api.venue("UTC", "{}");
    String elsewhere = slots(api.resource(otherVenue, "SEATS", 10), 1).get(0);
    String notCovered = api.slot(other, Duration.ofHours(30), Duration.ofHours(1), 8000);
    String tooLate = api.slot(covered, Duration.ofDays(8), Duration.ofHours(1), 8000);
    String fine = api.slot(covered, Duration.ofHours(5), Duration.ofHours(1), 8000);

    assertThat(bookWith("u1", elsewhere, 1, passId).text("code")).isEqualTo("pass_not_valid_here");
    assertThat(bookWith("u1", notCovered, 1, passId).text("code")).isEqualTo("pass_not_valid_here");
    assertThat(bookWith("u1", tooLate, 1, passId).text("code")).isEqualTo("pass_expired");
    assertThat(bookWith("u1", fine, 3, passId).text("code")).isEqualTo("insufficient_credits");
    Reply someoneElse = bookWith("u2", fine, 1, passId);
    assertThat(someoneElse.status()).isEqualTo(404);
    assertThat(myPass("u1", passId).get("creditsLeft").asInt()).isEqualTo(2);
    assertThat(api.remaining(fine)).isEqualTo(10);
  }

  @Test
  void checkInUsesTheCreditsANoShowForfeitsThemAndALateCancelIsRefused() {
    String venueId = api.venue("UTC", "{\"cancelCutoff\":\"PT2H\"}");
    String resourceId = api.resource(venueId, "SEATS", 10);
    String attended = api.slot(resourceId, Duration.ofHours(1), Duration.ofHours(1), 8000);
    String missed = api.slot(resourceId, Duration.ofHours(3), Duration.ofHours(1), 8000);
    String passId = soldPass(pack(venueId, 5), "u1");
    String attendedBooking = bookWith("u1", attended, 1, passId).text("bookingId");
    String missedBooking = bookWith("u1", missed, 2, passId).text("bookingId");

    Reply late = api.cancel("u1", attendedBooking);
    api.send(
        "POST /staff/bookings/{bookingId}/check-in",
        e -> e.as("desk-1", FRONTDESK).path("bookingId", attendedBooking));
    api.clock.advance(Duration.ofHours(5));
    new ScheduledJobHandler(api.wiring).run("no-shows");

    assertThat(late.status()).isEqualTo(409);
    assertThat(late.text("code")).isEqualTo("cancel_window_closed");
    assertThat(api.booking("u1", missedBooking).text("status")).isEqualTo("NO_SHOW");
    assertThat(PassLedger.count(Aws.dynamo().scan(s -> s.tableName(api.table)).items()).get(passId))
        .containsExactly(5, 2, 0, 1, 2, 0);
  }

  @Test
  void aMembershipBooksWithoutCreditsAndACancelledSlotGivesPackCreditsBack() {
    String venueId = api.venue("UTC", "{}");
    List<String> slots = slots(api.resource(venueId, "SEATS", 10), 3);
    String membership =
        soldPass(
            plan(
                venueId,
                "{\"name\":\"Monthly\",\"kind\":\"MEMBERSHIP\",\"validity\":\"P30D\","
                    + "\"priceMinor\":30000,\"currency\":\"CNY\"}"),
            "u1");
    String packPass = soldPass(pack(venueId, 2), "u2");

    Reply first = bookWith("u1", slots.get(0), 1, membership);
    Reply second = bookWith("u1", slots.get(1), 1, membership);
    Reply packed = bookWith("u2", slots.get(2), 2, packPass);
    Reply cancelSlot =
        api.send(
            "POST /slots/{slotId}/cancel",
            e -> e.as("admin-1", ADMIN).path("slotId", slots.get(2)));

    assertThat(first.status()).isEqualTo(201);
    assertThat(second.status()).isEqualTo(201);
    assertThat(myPass("u1", membership).has("creditsLeft")).isFalse();
    assertThat(packed.status()).isEqualTo(201);
    assertThat(cancelSlot.status()).isEqualTo(200);
    assertThat(api.booking("u2", packed.text("bookingId")).text("status")).isEqualTo("CANCELLED");
    assertThat(myPass("u2", packPass).get("creditsLeft").asInt()).isEqualTo(2);
  }

  @Test
  void plansArePublicAndBadPlansAreRefusedWithoutWriting() {
    String venueId = api.venue("UTC", "{}");
    pack(venueId, 10);

    Reply listed = api.send("GET /venues/{venueId}/plans", e -> e.path("venueId", venueId));
    Reply noCredits =
        api.send(
            "POST /venues/{venueId}/plans",
            e ->
                e.as("admin-1", ADMIN)
                    .path("venueId", venueId)
                    .body(
                        "{\"name\":\"x\",\"kind\":\"PACK\",\"validity\":\"P30D\","
                            + "\"priceMinor\":1,\"currency\":\"CNY\"}"));
    Reply foreignResource =
        api.send(
            "POST /venues/{venueId}/plans",
            e ->
                e.as("admin-1", ADMIN)
                    .path("venueId", venueId)
                    .body(
                        "{\"name\":\"x\",\"kind\":\"PACK\",\"credits\":1,\"validity\":\"P30D\","
                            + "\"resourceIds\":[\"nope\"],\"priceMinor\":1,\"currency\":\"CNY\"}"));

    assertThat(listed.status()).isEqualTo(200);
    assertThat(listed.json().get("items")).hasSize(1);
    assertThat(listed.json().get("items").get(0).get("credits").asInt()).isEqualTo(10);
    assertThat(noCredits.status()).isEqualTo(422);
    assertThat(foreignResource.status()).isEqualTo(422);
    assertThat(
            api.send("GET /venues/{venueId}/plans", e -> e.path("venueId", venueId))
                .json()
                .get("items"))
        .hasSize(1);
  }

  @Test
  void aBoughtPassIsActiveFromItsPaymentThroughTheWebhookAndAFailedOneCanBePaidAgain() {
    String venueId = api.venue("Asia/Shanghai", "{}");
    String slotId = slots(api.resource(venueId, "SEATS", 10), 1).get(0);
    String planId = pack(venueId, 4);

    Reply bought =
        api.send(
            "POST /me/passes",
            e ->
                e.as("u1", CUSTOMER)
                    .header("Idempotency-Key", "buy-1")
                    .body("{\"planId\":\"" + planId + "\"}"));
    String passId = bought.text("passId");
    Reply replayed =
        api.send(
            "POST /me/passes",
            e ->
                e.as("u1", CUSTOMER)
                    .header("Idempotency-Key", "buy-1")
                    .body("{\"planId\":\"" + planId + "\"}"));
    Reply unpaidBooking = bookWith("u1", slotId, 1, passId);
    Reply firstTry = payPass("u1", passId);
    api.provider.report(firstTry.text("paymentNo"), "FAILED");
    JsonNode afterFailure = myPass("u1", passId);
    api.clock.advance(Duration.ofHours(1));
    Reply secondTry = payPass("u1", passId);
    api.provider.report(secondTry.text("paymentNo"), "SUCCEEDED");
    JsonNode active = myPass("u1", passId);
    Reply paidAgain = payPass("u1", passId);
    Reply booked = bookWith("u1", slotId, 1, passId);

    assertThat(bought.status()).isEqualTo(201);
    assertThat(bought.text("status")).isEqualTo("PENDING_PAY");
    assertThat(bought.json().has("validUntil")).isFalse();
    assertThat(replayed.text("passId")).isEqualTo(passId);
    assertThat(unpaidBooking.text("code")).isEqualTo("pass_expired");
    assertThat(firstTry.json().get("amountMinor").asLong()).isEqualTo(50000);
    assertThat(afterFailure.get("status").asText()).isEqualTo("PENDING_PAY");
    assertThat(secondTry.text("paymentNo")).isNotEqualTo(firstTry.text("paymentNo"));
    assertThat(active.get("status").asText()).isEqualTo("ACTIVE");
    // paid at 2026-12-01T01:00Z, valid 30 days, shown in the venue's zone
    assertThat(active.get("validUntil").asText()).isEqualTo("2026-12-31T09:00:00+08:00");
    assertThat(paidAgain.status()).isEqualTo(409);
    assertThat(paidAgain.text("code")).isEqualTo("invalid_transition");
    assertThat(booked.status()).isEqualTo(201);
    assertThat(myPass("u1", passId).get("creditsLeft").asInt()).isEqualTo(3);
    // the day's report counts the pass sold (once: the failed payment sold nothing)
    assertThat(
            api.send(
                    "GET /reports/daily",
                    e ->
                        e.as("fin-1", List.of("finance"))
                            .query("venueId", venueId)
                            .query("date", "2026-12-01"))
                .json()
                .get("passSalesMinor")
                .asLong())
        .isEqualTo(50000);
  }

  @Test
  void aReplayedPassWebhookChangesNothingAndAWrongAmountIsFlagged() {
    String venueId = api.venue("UTC", "{}");
    String planId = pack(venueId, 4);
    String passId =
        api.send(
                "POST /me/passes",
                e -> e.as("u1", CUSTOMER).body("{\"planId\":\"" + planId + "\"}"))
            .text("passId");
    String paymentNo = payPass("u1", passId).text("paymentNo");
    String success =
        "{\"eventId\":\"evt-pass-1\",\"paymentNo\":\""
            + paymentNo
            + "\",\"passId\":\""
            + passId
            + "\",\"amountMinor\":50000,\"currency\":\"CNY\",\"status\":\"SUCCEEDED\"}";
    String wrongAmount = success.replace("50000", "1").replace("evt-pass-1", "evt-pass-2");
    String bothIds = success.replace("\"passId\"", "\"bookingId\":\"b\",\"passId\"");

    Reply wrong = api.webhook(wrongAmount);
    Reply first = api.webhook(success);
    api.clock.advance(Duration.ofDays(1));
    Reply replay = api.webhook(success);
    Reply ambiguous = api.webhook(bothIds);

    assertThat(wrong.status()).isEqualTo(422);
    assertThat(wrong.text("code")).isEqualTo("amount_mismatch");
    assertThat(first.status()).isEqualTo(200);
    assertThat(replay.status()).isEqualTo(200);
    assertThat(ambiguous.status()).isEqualTo(422);
    // the replay a day later did not move the validity: still 30 days from the first success
    assertThat(myPass("u1", passId).get("validUntil").asText()).isEqualTo("2026-12-31T00:00:00Z");
  }

  @Test
  void theExpiryJobReadsOnlyDuePassesAndAnOverduePassReadsExpiredBeforeIt() {
    String venueId = api.venue("UTC", "{}");
    String weekPlan =
        plan(
            venueId,
            "{\"name\":\"Week\",\"kind\":\"PACK\",\"credits\":2,\"validity\":\"P7D\","
                + "\"priceMinor\":1000,\"currency\":\"CNY\"}");
    String shortPass = soldPass(weekPlan, "u1");
    String longPass = soldPass(pack(venueId, 2), "u1"); // 30 days

    api.clock.advance(Duration.ofDays(8));
    String before = myPass("u1", shortPass).get("status").asText();
    var first = new ScheduledJobHandler(api.wiring).run("expire-passes");
    var second = new ScheduledJobHandler(api.wiring).run("expire-passes");

    assertThat(before).isEqualTo("EXPIRED"); // the lazy check, before the job wrote it
    assertThat(first).containsEntry("changed", 1).containsEntry("itemsRead", 1);
    assertThat(second).containsEntry("changed", 0).containsEntry("itemsRead", 0);
    assertThat(myPass("u1", shortPass).get("status").asText()).isEqualTo("EXPIRED");
    assertThat(myPass("u1", longPass).get("status").asText()).isEqualTo("ACTIVE");
  }

  @Test
  void aWaitlistOfferAcceptedWithAPassIsPaidWithItsCredits() {
    String venueId = api.venue("UTC", "{}");
    String slotId =
        api.slot(api.resource(venueId, "SEATS", 1), Duration.ofHours(5), Duration.ofHours(1), 8000);
    String passId = soldPass(pack(venueId, 3), "u1");
    String taken = api.book("u2", slotId, 1).text("bookingId");
    api.send("POST /slots/{slotId}/waitlist", e -> e.as("u1", CUSTOMER).path("slotId", slotId));

    api.cancel("u2", taken);
    api.deliverSeatReleased();
    String entryId =
        api.send(
                "GET /slots/{slotId}/waitlist/me", e -> e.as("u1", CUSTOMER).path("slotId", slotId))
            .text("entryId");
    Reply foreign =
        api.send(
            "POST /waitlist/{entryId}/accept",
            e -> e.as("u1", CUSTOMER).path("entryId", entryId).body("{\"passId\":\"not-mine\"}"));
    Reply accepted =
        api.send(
            "POST /waitlist/{entryId}/accept",
            e ->
                e.as("u1", CUSTOMER)
                    .path("entryId", entryId)
                    .body("{\"passId\":\"" + passId + "\"}"));

    assertThat(foreign.status()).isEqualTo(404);
    assertThat(accepted.status()).isEqualTo(201);
    assertThat(accepted.text("status")).isEqualTo("PAID");
    assertThat(accepted.json().get("amountMinor").asLong()).isZero();
    assertThat(accepted.text("passId")).isEqualTo(passId);
    assertThat(myPass("u1", passId).get("creditsLeft").asInt()).isEqualTo(2);
    assertThat(api.remaining(slotId)).isZero();
  }

  @Test
  void onAQueuedSlotThePassIsSpentWhenTheRequestIsDecidedAndASpentPassIsRejected() {
    String venueId = api.venue("UTC", "{}");
    List<String> slots = slots(api.resource(venueId, "SEATS", 10), 2);
    for (String slotId : slots) {
      api.send(
          "POST /slots/{slotId}/admission",
          e -> e.as("desk-1", FRONTDESK).path("slotId", slotId).body("{\"admission\":\"QUEUED\"}"));
    }
    String passId = soldPass(pack(venueId, 2), "u1");

    // Two requests that each need both credits, on two slots (two message groups, decided in
    // either order): exactly one can have them.
    Reply first = bookWith("u1", slots.get(0), 2, passId);
    Reply second = bookWith("u1", slots.get(1), 2, passId);
    api.bookingPoller.drain();
    List<JsonNode> decided =
        List.of(requestOf(first.text("requestId")), requestOf(second.text("requestId")));

    assertThat(first.status()).isEqualTo(202);
    assertThat(second.status()).isEqualTo(202);
    assertThat(decided.stream().map(r -> r.get("status").asText()))
        .containsExactlyInAnyOrder("GRANTED", "REJECTED");
    JsonNode granted =
        decided.stream().filter(r -> r.get("status").asText().equals("GRANTED")).findFirst().get();
    JsonNode rejected =
        decided.stream().filter(r -> r.get("status").asText().equals("REJECTED")).findFirst().get();
    assertThat(api.booking("u1", granted.get("bookingId").asText()).text("passId"))
        .isEqualTo(passId);
    assertThat(rejected.get("code").asText()).isEqualTo("insufficient_credits");
    assertThat(myPass("u1", passId).get("creditsLeft").asInt()).isZero();
  }

  private JsonNode requestOf(String requestId) {
    return api.send(
            "GET /booking-requests/{requestId}",
            e -> e.as("u1", CUSTOMER).path("requestId", requestId))
        .json();
  }

  private Reply payPass(String userId, String passId) {
    return api.send(
        "POST /passes/{passId}/pay", e -> e.as(userId, CUSTOMER).path("passId", passId));
  }
}
