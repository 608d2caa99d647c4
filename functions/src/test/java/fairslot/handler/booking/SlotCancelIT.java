package fairslot.handler.booking;

import static fairslot.testing.ApiDriver.ADMIN;
import static fairslot.testing.ApiDriver.CUSTOMER;
import static fairslot.testing.ApiDriver.FRONTDESK;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.handler.ScheduledJobHandler;
import fairslot.notification.domain.Notification;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Cancelling a whole slot: bookings released (paid ones refunded), waitlist closed, holders told;
 * resumable.
 */
class SlotCancelIT {
  private final ApiDriver api = new ApiDriver("slotcancel");

  @AfterEach
  void seatLedgerBalances() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  private Reply cancelSlot(String slotId) {
    return api.send(
        "POST /slots/{slotId}/cancel", e -> e.as("admin-1", ADMIN).path("slotId", slotId));
  }

  private Reply join(String user, String slotId) {
    return api.send(
        "POST /slots/{slotId}/waitlist", e -> e.as(user, CUSTOMER).path("slotId", slotId));
  }

  private Reply entry(String user, String slotId) {
    return api.send(
        "GET /slots/{slotId}/waitlist/me", e -> e.as(user, CUSTOMER).path("slotId", slotId));
  }

  /**
   * A sold-out slot of 4: u1 unpaid, u2 paid by provider, u3 paid at the desk; u5 holds an offer,
   * u6 waits.
   */
  private String busySlot() {
    String slotId = api.openSlot("SEATS", 4, 4000);
    api.book("u1", slotId, 1);
    api.paidBooking("u2", slotId);
    String offline = api.book("u3", slotId, 1).text("bookingId");
    api.send(
        "POST /staff/bookings/{bookingId}/offline-payment",
        e -> e.as("desk-1", FRONTDESK).path("bookingId", offline));
    String u4 = api.book("u4", slotId, 1).text("bookingId");
    join("u5", slotId);
    join("u6", slotId);
    api.cancel("u4", u4);
    api.deliverSeatReleased();
    assertThat(entry("u5", slotId).text("status")).isEqualTo("OFFERED");
    assertThat(entry("u6", slotId).text("status")).isEqualTo("WAITING");
    return slotId;
  }

  private String status(String user, String slotId) {
    return api.send("GET /me/bookings", e -> e.as(user, CUSTOMER))
        .json()
        .get("items")
        .get(0)
        .get("status")
        .asText();
  }

  @Test
  void cancellingASlotReleasesEveryBookingRefundsThePaidClosesTheWaitlistAndTellsEveryone() {
    String slotId = busySlot();

    Reply r = cancelSlot(slotId);

    assertThat(r.status()).isEqualTo(200);
    assertThat(r.json().get("slot").get("status").asText()).isEqualTo("CANCELLED");
    assertThat(r.json().get("bookingsCancelled").asInt()).isEqualTo(1);
    assertThat(r.json().get("refundsStarted").asInt()).isEqualTo(2);
    assertThat(r.json().get("waitlistClosed").asInt()).isEqualTo(2);
    assertThat(status("u1", slotId)).isEqualTo("CANCELLED");
    assertThat(status("u2", slotId)).isIn("REFUNDING", "REFUNDED");
    assertThat(status("u3", slotId)).isEqualTo("REFUNDED"); // offline: refunded at the desk at once
    assertThat(entry("u5", slotId).text("status")).isEqualTo("EXPIRED");
    assertThat(entry("u6", slotId).text("status")).isEqualTo("EXPIRED");
    assertThat(api.remaining(slotId)).isEqualTo(4);
    api.deliverSeatReleased(); // the releases' events find nobody waiting and offer nothing
    assertThat(entry("u6", slotId).text("status")).isEqualTo("EXPIRED");
    api.wiring.member().notifications().sendDue(100);
    for (String user : List.of("u1", "u2", "u3", "u5", "u6")) {
      assertThat(api.notifications.sentTo(user))
          .as(user)
          .extracting(Notification::kind)
          .contains(Notification.Kind.SLOT_CANCELLED);
    }
    assertThat(api.notifications.sentTo("u4"))
        .extracting(Notification::kind)
        .doesNotContain(Notification.Kind.SLOT_CANCELLED);
  }

  @Test
  void aCancelledSlotTakesNoBookingsNoWaitersAndCannotBeReopened() {
    String slotId = api.openSlot("SEATS", 4, 4000);
    cancelSlot(slotId);

    Reply book = api.book("u9", slotId, 1);
    Reply open =
        api.send(
            "POST /slots/{slotId}/open", e -> e.as("desk-1", FRONTDESK).path("slotId", slotId));
    Reply asDesk =
        api.send(
            "POST /slots/{slotId}/cancel", e -> e.as("desk-1", FRONTDESK).path("slotId", slotId));

    assertThat(book.text("code")).isEqualTo("slot_closed");
    assertThat(open.text("code")).isEqualTo("invalid_transition");
    assertThat(asDesk.status()).isEqualTo(403);
    assertThat(api.slot(slotId).text("status")).isEqualTo("CANCELLED");
  }

  @Test
  void cancellingTwiceChangesNothingTheSecondTime() {
    String slotId = busySlot();
    cancelSlot(slotId);
    api.wiring.member().notifications().sendDue(100);
    int items = SeatLedger.itemCount(Aws.dynamo(), api.table);

    Reply again = cancelSlot(slotId);

    assertThat(again.status()).isEqualTo(200);
    assertThat(again.json().get("bookingsCancelled").asInt()).isZero();
    assertThat(again.json().get("refundsStarted").asInt()).isZero();
    assertThat(again.json().get("waitlistClosed").asInt()).isZero();
    assertThat(SeatLedger.itemCount(Aws.dynamo(), api.table)).isEqualTo(items);
  }

  @Test
  void aCancelInterruptedAfterTheSlotMovedIsFinishedByRunningItAgain() {
    String slotId = busySlot();
    cutOffAfterItsFirstTransaction(slotId);

    Reply resumed = cancelSlot(slotId);

    assertThat(resumed.json().get("bookingsCancelled").asInt()).isEqualTo(1);
    assertThat(resumed.json().get("refundsStarted").asInt()).isEqualTo(2);
    assertThat(resumed.json().get("waitlistClosed").asInt()).isEqualTo(2);
    assertThat(api.remaining(slotId)).isEqualTo(4);
  }

  /**
   * As if a cancel died right after its first transaction: the slot is CANCELLED and marked,
   * nothing else.
   */
  private void cutOffAfterItsFirstTransaction(String slotId) {
    Aws.dynamo()
        .updateItem(
            u ->
                u.tableName(api.table)
                    .key(
                        Map.of(
                            "PK",
                            AttributeValue.fromS("SLOT#" + slotId),
                            "SK",
                            AttributeValue.fromS("SLOT")))
                    .updateExpression("SET #s = :c, cancelDueShard = :shard, cancelDueAt = :at")
                    .expressionAttributeNames(Map.of("#s", "status"))
                    .expressionAttributeValues(
                        Map.of(
                            ":c",
                            AttributeValue.fromS("CANCELLED"),
                            ":shard",
                            AttributeValue.fromS("CANCELS#" + Math.floorMod(slotId.hashCode(), 4)),
                            ":at",
                            AttributeValue.fromN(
                                Long.toString(api.clock.instant().toEpochMilli())))));
  }

  @Test
  void aCancelCutOffAndNeverRetriedIsFinishedByTheJobAfterAMinute() {
    String slotId = busySlot();
    cutOffAfterItsFirstTransaction(slotId);

    Map<String, Object> tooSoon = new ScheduledJobHandler(api.wiring).run("finish-cancels");
    api.clock.advance(java.time.Duration.ofMinutes(2));
    Map<String, Object> finished = new ScheduledJobHandler(api.wiring).run("finish-cancels");
    Map<String, Object> again = new ScheduledJobHandler(api.wiring).run("finish-cancels");

    assertThat(tooSoon).containsEntry("due", 0);
    assertThat(finished).containsEntry("due", 1).containsEntry("changed", 1);
    assertThat(again).containsEntry("due", 0);
    assertThat(status("u1", slotId)).isEqualTo("CANCELLED");
    assertThat(status("u2", slotId)).isIn("REFUNDING", "REFUNDED");
    assertThat(entry("u6", slotId).text("status")).isEqualTo("EXPIRED");
    assertThat(api.remaining(slotId)).isEqualTo(4);
  }

  @Test
  void aCancelThatRanToTheEndLeavesNothingForTheJob() {
    String slotId = busySlot();
    cancelSlot(slotId);
    api.clock.advance(java.time.Duration.ofMinutes(2));

    assertThat(new ScheduledJobHandler(api.wiring).run("finish-cancels")).containsEntry("due", 0);
  }

  @Test
  void aCancelledSessionFreesItsCoachForThatTime() {
    String venue = api.venue("Asia/Shanghai", "{}");
    String coach =
        api.send(
                "POST /coaches",
                e ->
                    e.as("admin-1", ADMIN).body("{\"venueId\":\"" + venue + "\",\"name\":\"Ana\"}"))
            .text("coachId");
    String a = api.resource(venue, "SEATS", 5);
    String b = api.resource(venue, "SEATS", 5);
    String body =
        ",\"start\":\"2026-12-05T18:00:00\",\"end\":\"2026-12-05T19:00:00\",\"priceMinor\":1,"
            + "\"currency\":\"CNY\",\"coachId\":\""
            + coach
            + "\"}";
    String first =
        api.send(
                "POST /slots",
                e -> e.as("admin-1", ADMIN).body("{\"resourceId\":\"" + a + "\"" + body))
            .text("slotId");
    Reply clash =
        api.send(
            "POST /slots",
            e -> e.as("admin-1", ADMIN).body("{\"resourceId\":\"" + b + "\"" + body));

    cancelSlot(first);
    Reply after =
        api.send(
            "POST /slots",
            e -> e.as("admin-1", ADMIN).body("{\"resourceId\":\"" + b + "\"" + body));

    assertThat(clash.text("code")).isEqualTo("conflict_coach");
    assertThat(after.status()).isEqualTo(201);
  }

  @Test
  void aCancelRacingAHundredBookingsLeavesNoActiveBookingOnTheSlot() throws Exception {
    String slotId = api.openSlot("SEATS", 40, 4000);

    List<Reply> replies =
        fairslot.testing.Race.all(
            101, i -> () -> i == 50 ? cancelSlot(slotId) : api.book("racer-" + i, slotId, 1));

    assertThat(replies.get(50).status()).isEqualTo(200);
    long booked = replies.stream().filter(r -> r.status() == 201).count();
    long refused =
        replies.stream()
            .filter(r -> "slot_closed".equals(r.text("code")) || "sold_out".equals(r.text("code")))
            .count();
    assertThat(booked + refused).isEqualTo(100);
    assertThat(booked).isLessThanOrEqualTo(40);
    // Every booking that got in before the cancel was released by it; none got in after.
    long active =
        Aws.dynamo()
            .scanPaginator(r -> r.tableName(api.table).consistentRead(true))
            .items()
            .stream()
            .filter(
                i ->
                    i.get("type") != null
                        && "BOOKING".equals(i.get("type").s())
                        && slotId.equals(i.get("slotId").s())
                        && "PENDING_PAY".equals(i.get("status").s()))
            .count();
    assertThat(active).isZero();
    assertThat(replies.get(50).json().get("bookingsCancelled").asLong()).isEqualTo(booked);
    assertThat(api.remaining(slotId)).isEqualTo(40);
  }

  @Test
  void closingOpeningAndCancellingASlotAreInItsAuditTrailWithWhoDidIt() {
    String slotId = api.openSlot("SEATS", 4, 4000);
    api.send("POST /slots/{slotId}/close", e -> e.as("desk-1", FRONTDESK).path("slotId", slotId));
    api.send("POST /slots/{slotId}/open", e -> e.as("desk-2", FRONTDESK).path("slotId", slotId));
    cancelSlot(slotId);

    Reply audit = api.send("GET /audit", e -> e.as("admin-1", ADMIN).query("slotId", slotId));

    List<String> moves = new java.util.ArrayList<>();
    audit
        .json()
        .get("items")
        .forEach(
            a ->
                moves.add(
                    a.get("actor").asText()
                        + ":"
                        + a.get("from").asText()
                        + "->"
                        + a.get("to").asText()));
    assertThat(moves)
        .containsExactly("desk-1:OPEN->CLOSED", "desk-2:CLOSED->OPEN", "admin-1:OPEN->CANCELLED");
  }

  @Test
  void anUnknownSlotIsNotFound() {
    Reply r = cancelSlot("no-such-slot");

    assertThat(r.status()).isEqualTo(404);
    assertThat(r.text("code")).isEqualTo("not_found");
  }
}
