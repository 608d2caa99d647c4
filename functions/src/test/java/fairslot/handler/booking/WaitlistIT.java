package fairslot.handler.booking;

import static fairslot.testing.ApiDriver.CUSTOMER;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.handler.ScheduledJobHandler;
import fairslot.notification.domain.Notification;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class WaitlistIT {
  private final ApiDriver api = new ApiDriver("wait");

  @AfterEach
  void seatLedgerBalances() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  private Reply join(String user, String slotId) {
    return api.send(
        "POST /slots/{slotId}/waitlist", e -> e.as(user, CUSTOMER).path("slotId", slotId));
  }

  private Reply mine(String user, String slotId) {
    return api.send(
        "GET /slots/{slotId}/waitlist/me", e -> e.as(user, CUSTOMER).path("slotId", slotId));
  }

  private Reply accept(String user, String entryId) {
    return api.send(
        "POST /waitlist/{entryId}/accept", e -> e.as(user, CUSTOMER).path("entryId", entryId));
  }

  /**
   * A slot of {@code seats} all booked by holder-0..n; returns slotId and the holders' booking ids.
   */
  private Map.Entry<String, List<String>> fullSlot(int seats, String policy) {
    String slotId = api.openSlot("SEATS", seats, 3000, policy);
    List<String> bookings = new ArrayList<>();
    for (int i = 0; i < seats; i++) {
      bookings.add(api.book("holder-" + i, slotId, 1).text("bookingId"));
    }
    return Map.entry(slotId, bookings);
  }

  @Test
  void joiningWhileSeatsAreFreeIsRefusedAndJoiningTwiceReturnsTheSameEntry() {
    String slotId = api.openSlot("SEATS", 2, 3000);
    Reply early = join("w1", slotId);
    api.book("h1", slotId, 1);
    api.book("h2", slotId, 1);

    Reply first = join("w1", slotId);
    Reply twice = join("w1", slotId);
    Reply second = join("w2", slotId);

    assertThat(early.status()).isEqualTo(409);
    assertThat(early.text("code")).isEqualTo("seats_available");
    assertThat(first.status()).isEqualTo(201);
    assertThat(first.json().get("position").asInt()).isEqualTo(1);
    assertThat(first.text("status")).isEqualTo("WAITING");
    assertThat(twice.text("entryId")).isEqualTo(first.text("entryId"));
    assertThat(second.json().get("position").asInt()).isEqualTo(2);
    assertThat(api.slot(slotId).json().get("waitlistLength").asInt()).isEqualTo(2);
  }

  @Test
  void leavingIsIdempotentAndMovesEveryoneBehindUp() {
    String slotId = fullSlot(1, "{}").getKey();
    join("w1", slotId);
    join("w2", slotId);

    Reply left =
        api.send(
            "DELETE /slots/{slotId}/waitlist/me", e -> e.as("w1", CUSTOMER).path("slotId", slotId));
    Reply again =
        api.send(
            "DELETE /slots/{slotId}/waitlist/me", e -> e.as("w1", CUSTOMER).path("slotId", slotId));

    assertThat(left.status()).isEqualTo(204);
    assertThat(again.status()).isEqualTo(204);
    assertThat(mine("w1", slotId).text("status")).isEqualTo("LEFT");
    assertThat(mine("w2", slotId).json().get("position").asInt()).isEqualTo(1);
    assertThat(api.slot(slotId).json().get("waitlistLength").asInt()).isEqualTo(1);
  }

  @Test
  void aHundredJoinersAndTenReleasesOfferTheFirstTenInJoinOrder() {
    var full = fullSlot(10, "{}");
    String slotId = full.getKey();
    for (int i = 0; i < 100; i++) {
      assertThat(join("joiner-" + i, slotId).json().get("position").asInt()).isEqualTo(i + 1);
    }

    for (int i = 0; i < 10; i++) {
      api.cancel("holder-" + i, full.getValue().get(i));
      api.deliverSeatReleased();
    }

    for (int i = 0; i < 100; i++) {
      Reply me = mine("joiner-" + i, slotId);
      assertThat(me.text("status")).as("joiner-%d", i).isEqualTo(i < 10 ? "OFFERED" : "WAITING");
      if (i >= 10) {
        assertThat(me.json().get("position").asInt()).isEqualTo(i - 9);
      }
    }
    assertThat(api.slot(slotId).json().get("remaining").asInt()).isZero();
  }

  @Test
  void aReleasedSeatIsNeverOnOpenSaleWhileSomeoneWaits() {
    var full = fullSlot(1, "{}");
    String slotId = full.getKey();
    join("w1", slotId);
    api.cancel("holder-0", full.getValue().get(0)); // the event is not consumed yet

    Reply outsider = api.book("outsider", slotId, 1);
    int delivered = api.deliverSeatReleased();

    assertThat(outsider.status()).isEqualTo(409);
    assertThat(outsider.text("code")).isEqualTo("sold_out");
    assertThat(delivered).isEqualTo(1);
    assertThat(mine("w1", slotId).text("status")).isEqualTo("OFFERED");
  }

  @Test
  void concurrentReleasesAndAcceptsMakeExactlyOneOfferPerSeat() throws Exception {
    var full = fullSlot(10, "{}");
    String slotId = full.getKey();
    for (int i = 0; i < 15; i++) {
      join("joiner-" + i, slotId);
    }

    FlashCrowdIT.race(10, i -> () -> api.cancel("holder-" + i, full.getValue().get(i)));
    FlashCrowdIT.race(
        4,
        i -> () -> new ApiDriver.Reply(200, Map.of(), "{\"n\":" + api.deliverSeatReleased() + "}"));
    new ScheduledJobHandler(api.wiring).run("waitlist-fallback");
    List<Reply> accepted =
        FlashCrowdIT.race(
            15,
            i ->
                () -> {
                  Reply me = mine("joiner-" + i, slotId);
                  return accept("joiner-" + i, me.text("entryId"));
                });

    assertThat(accepted).filteredOn(r -> r.status() == 201).hasSize(10);
    var ledger = SeatLedger.count(Aws.dynamo(), api.table).get(slotId);
    assertThat(ledger.activeBookings()).isEqualTo(10);
    assertThat(ledger.offered()).isZero();
    assertThat(ledger.remaining()).isZero();
  }

  @Test
  void duplicateAndOutOfOrderEventsChangeNothing() {
    var full = fullSlot(2, "{}");
    String slotId = full.getKey();
    join("w1", slotId);
    join("w2", slotId);
    join("w3", slotId);
    api.cancel("holder-1", full.getValue().get(1));
    api.cancel("holder-0", full.getValue().get(0));
    String copy =
        "{\"detail\":{\"eventId\":\"release:"
            + full.getValue().get(0)
            + "\",\"slotId\":\""
            + slotId
            + "\",\"quantity\":1,\"reason\":\"CANCELLED\"}}";
    for (int i = 0; i < 3; i++) {
      Aws.sqs().sendMessage(r -> r.queueUrl(api.waitlistQueueUrl).messageBody(copy));
    }

    api.deliverSeatReleased();

    assertThat(mine("w1", slotId).text("status")).isEqualTo("OFFERED");
    assertThat(mine("w2", slotId).text("status")).isEqualTo("OFFERED");
    assertThat(mine("w3", slotId).text("status")).isEqualTo("WAITING");
  }

  @Test
  void anExpiredOfferPassesTheSeatOnAndTheNextMemberAcceptsAndPays() {
    var full = fullSlot(1, "{\"offerDuration\":\"PT10M\"}");
    String slotId = full.getKey();
    String a = join("a", slotId).text("entryId");
    String b = join("b", slotId).text("entryId");
    api.cancel("holder-0", full.getValue().get(0));
    api.deliverSeatReleased();
    api.clock.advance(Duration.ofMinutes(10));

    Reply lateAccept = accept("a", a);
    Map<String, Object> swept = new ScheduledJobHandler(api.wiring).run("sweep-offers");
    Reply bOffer = mine("b", slotId);
    Reply booked = accept("b", b);
    String paymentNo = api.pay("b", booked.text("bookingId")).text("paymentNo");
    api.provider.report(paymentNo, "SUCCEEDED");

    assertThat(lateAccept.status()).isEqualTo(410);
    assertThat(lateAccept.text("code")).isEqualTo("offer_expired");
    assertThat(swept).containsEntry("changed", 1);
    assertThat(mine("a", slotId).text("status")).isEqualTo("EXPIRED");
    assertThat(bOffer.text("status")).isEqualTo("OFFERED");
    assertThat(bOffer.text("offerExpiresAt")).isNotNull();
    assertThat(booked.status()).isEqualTo(201);
    assertThat(booked.text("status")).isEqualTo("PENDING_PAY");
    assertThat(mine("b", slotId).text("bookingId")).isEqualTo(booked.text("bookingId"));
    assertThat(api.booking("b", booked.text("bookingId")).text("status")).isEqualTo("PAID");
  }

  @Test
  void decliningPassesTheSeatToTheNextInLine() {
    var full = fullSlot(1, "{}");
    String slotId = full.getKey();
    String a = join("a", slotId).text("entryId");
    join("b", slotId);
    api.cancel("holder-0", full.getValue().get(0));
    api.deliverSeatReleased();

    Reply declined =
        api.send("POST /waitlist/{entryId}/decline", e -> e.as("a", CUSTOMER).path("entryId", a));

    assertThat(declined.status()).isEqualTo(204);
    assertThat(mine("a", slotId).text("status")).isEqualTo("EXPIRED");
    assertThat(mine("b", slotId).text("status")).isEqualTo("OFFERED");
  }

  @Test
  void inAutoHoldModeTheHeadGetsAPendingBookingDirectly() {
    var full = fullSlot(1, "{\"waitlistMode\":\"AUTO_HOLD\"}");
    String slotId = full.getKey();
    join("a", slotId);
    api.cancel("holder-0", full.getValue().get(0));

    api.deliverSeatReleased();

    Reply me = mine("a", slotId);
    assertThat(me.text("status")).isEqualTo("ACCEPTED");
    assertThat(api.booking("a", me.text("bookingId")).text("status")).isEqualTo("PENDING_PAY");
  }

  @Test
  void whenNobodyWaitsAnyMoreOwedSeatsGoBackOnSale() {
    var full = fullSlot(1, "{}");
    String slotId = full.getKey();
    join("a", slotId);
    api.cancel("holder-0", full.getValue().get(0));
    api.send("DELETE /slots/{slotId}/waitlist/me", e -> e.as("a", CUSTOMER).path("slotId", slotId));
    api.deliverSeatReleased();

    Reply outsider = api.book("outsider", slotId, 1);

    assertThat(outsider.status()).isEqualTo(201);
  }

  @Test
  void aLostEventIsMadeUpForByTheFallbackJob() {
    var full = fullSlot(1, "{}");
    String slotId = full.getKey();
    join("a", slotId);
    api.dropEvents = true;
    api.cancel("holder-0", full.getValue().get(0));

    int delivered = api.deliverSeatReleased();
    String before = mine("a", slotId).text("status");
    Map<String, Object> report = new ScheduledJobHandler(api.wiring).run("waitlist-fallback");

    assertThat(delivered).isZero();
    assertThat(before).isEqualTo("WAITING");
    assertThat(report).containsEntry("due", 1).containsEntry("changed", 1);
    assertThat(mine("a", slotId).text("status")).isEqualTo("OFFERED");
  }

  @Test
  void offersAreNotifiedOnceAndFailedDeliveriesAreRetriedThenParked() {
    var full = fullSlot(1, "{}");
    String slotId = full.getKey();
    join("a", slotId);
    join("b", slotId);
    api.cancel("holder-0", full.getValue().get(0));
    api.deliverSeatReleased();
    api.notifications.failWhen(d -> d.about().userId().equals("b"));
    api.send(
        "POST /waitlist/{entryId}/decline",
        e -> e.as("a", CUSTOMER).path("entryId", mine("a", slotId).text("entryId")));

    for (int i = 0; i < 8; i++) {
      new ScheduledJobHandler(api.wiring).run("send-notifications");
      api.clock.advance(Duration.ofHours(1));
    }

    assertThat(api.notifications.sentTo("a"))
        .extracting(Notification::kind)
        .containsExactlyInAnyOrder(Notification.Kind.OFFER_MADE, Notification.Kind.OFFER_EXPIRED);
    assertThat(api.notifications.sentTo("b")).isEmpty();
    var parked =
        Aws.dynamo().scanPaginator(r -> r.tableName(api.table)).items().stream()
            .filter(i -> i.get("type").s().equals("DELIVERY") && i.get("userId").s().equals("b"))
            .toList();
    assertThat(parked)
        .singleElement()
        .satisfies(
            i -> {
              assertThat(i.get("status").s()).isEqualTo("PARKED");
              assertThat(i.get("attempts").n()).isEqualTo("5");
            });
  }
}
