package fairslot.handler.booking;

import static fairslot.testing.ApiDriver.ADMIN;
import static fairslot.testing.ApiDriver.CUSTOMER;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The customer booking path through the real handler, SDK and emulator. */
class BookingFlowIT {
  private final ApiDriver api = new ApiDriver("flow");

  @AfterEach
  void seatLedgerBalances() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  @Test
  void bookingTakesSeatsAndShowsTheHoldInTheVenueZone() {
    String slotId = api.openSlot("SEATS", 10, 12000);

    Reply booked = api.book("u1", slotId, 2);

    assertThat(booked.status()).isEqualTo(201);
    assertThat(booked.text("status")).isEqualTo("PENDING_PAY");
    assertThat(booked.json().get("amountMinor").asLong()).isEqualTo(24000);
    assertThat(booked.text("currency")).isEqualTo("CNY");
    assertThat(booked.text("holdExpiresAt")).isEqualTo("2026-12-01T08:15:00+08:00");
    assertThat(booked.json().get("slot").get("start").asText())
        .isEqualTo("2026-12-02T08:00:00+08:00");
    assertThat(api.slot(slotId).json().get("remaining").asInt()).isEqualTo(8);
  }

  @Test
  void freeSlotIsPaidAtOnce() {
    String slotId = api.openSlot("SEATS", 10, 0);

    Reply booked = api.book("u1", slotId, 1);

    assertThat(booked.text("status")).isEqualTo("PAID");
    assertThat(booked.json().get("holdExpiresAt").isNull()).isTrue();
  }

  @Test
  void ownerReadsListsAndCancelsAndTheSeatReturnsOnce() {
    String slotId = api.openSlot("SEATS", 3, 5000);
    String bookingId = api.book("u1", slotId, 2).text("bookingId");

    Reply read =
        api.send(
            "GET /bookings/{bookingId}", e -> e.as("u1", CUSTOMER).path("bookingId", bookingId));
    Reply mine = api.send("GET /me/bookings", e -> e.as("u1", CUSTOMER));
    Reply cancelled =
        api.send(
            "POST /bookings/{bookingId}/cancel",
            e -> e.as("u1", CUSTOMER).path("bookingId", bookingId));
    Reply again =
        api.send(
            "POST /bookings/{bookingId}/cancel",
            e -> e.as("u1", CUSTOMER).path("bookingId", bookingId));

    assertThat(read.text("bookingId")).isEqualTo(bookingId);
    assertThat(mine.json().get("items")).hasSize(1);
    assertThat(mine.json().get("nextCursor").isNull()).isTrue();
    assertThat(cancelled.status()).isEqualTo(200);
    assertThat(cancelled.text("status")).isEqualTo("CANCELLED");
    assertThat(again.status()).isEqualTo(200);
    assertThat(again.text("status")).isEqualTo("CANCELLED");
    assertThat(api.slot(slotId).json().get("remaining").asInt()).isEqualTo(3);
  }

  @Test
  void aCancelledBookingFreesTheMemberToBookTheSlotAgain() {
    String slotId = api.openSlot("SEATS", 3, 5000);
    String first = api.book("u1", slotId, 1).text("bookingId");
    api.send(
        "POST /bookings/{bookingId}/cancel", e -> e.as("u1", CUSTOMER).path("bookingId", first));

    Reply second = api.book("u1", slotId, 1);

    assertThat(second.status()).isEqualTo(201);
  }

  @Test
  void anotherMembersBookingIsNotFound() {
    String slotId = api.openSlot("SEATS", 3, 5000);
    String bookingId = api.book("u1", slotId, 1).text("bookingId");

    Reply read =
        api.send(
            "GET /bookings/{bookingId}", e -> e.as("u2", CUSTOMER).path("bookingId", bookingId));
    Reply cancel =
        api.send(
            "POST /bookings/{bookingId}/cancel",
            e -> e.as("u2", CUSTOMER).path("bookingId", bookingId));

    assertThat(read.status()).isEqualTo(404);
    assertThat(cancel.status()).isEqualTo(404);
    assertThat(api.slot(slotId).json().get("remaining").asInt()).isEqualTo(2);
  }

  @Test
  void secondActiveBookingOfTheSameSlotIsAlreadyBookedAndNamesTheFirst() {
    String slotId = api.openSlot("SEATS", 5, 5000);
    String first = api.book("u1", slotId, 1).text("bookingId");

    Reply second = api.book("u1", slotId, 1);

    assertThat(second.status()).isEqualTo(409);
    assertThat(second.text("code")).isEqualTo("already_booked");
    assertThat(second.text("bookingId")).isEqualTo(first);
  }

  @Test
  void overlappingSeatsBookingIsATimeConflictButTouchingOrRentalIsNot() {
    String venue = api.venue("Europe/Berlin", "{}");
    String classA = api.resource(venue, "SEATS", 10);
    String classB = api.resource(venue, "SEATS", 10);
    String rackets = api.resource(venue, "RENTAL", 20);
    String six = api.slot(classA, Duration.ofDays(2), Duration.ofHours(1), 1000);
    String sixThirty =
        api.slot(classB, Duration.ofDays(2).plusMinutes(30), Duration.ofHours(1), 1000);
    String seven = api.slot(classB, Duration.ofDays(2).plusHours(1), Duration.ofHours(1), 1000);
    String racketsAtSix = api.slot(rackets, Duration.ofDays(2), Duration.ofHours(1), 300);
    String first = api.book("u1", six, 1).text("bookingId");

    Reply clash = api.book("u1", sixThirty, 1);
    Reply touching = api.book("u1", seven, 1);
    Reply rental = api.book("u1", racketsAtSix, 2);
    Reply otherMember = api.book("u2", sixThirty, 1);

    assertThat(clash.status()).isEqualTo(409);
    assertThat(clash.text("code")).isEqualTo("time_conflict");
    assertThat(clash.text("conflictingBookingId")).isEqualTo(first);
    assertThat(touching.status()).isEqualTo(201);
    assertThat(rental.status()).isEqualTo(201);
    assertThat(otherMember.status()).isEqualTo(201);
  }

  @Test
  void bookingCrossingUtcMidnightClashesOnBothDays() {
    String venue = api.venue("UTC", "{}");
    String lane = api.resource(venue, "SEATS", 4);
    String court = api.resource(venue, "EXCLUSIVE", 1);
    // 23:00 -> 01:00 on day 2 and 3, then 00:30 -> 01:30 on day 3 (UTC)
    String late = api.slot(lane, Duration.ofDays(1).plusHours(23), Duration.ofHours(2), 1000);
    String early = api.slot(court, Duration.ofDays(2).plusMinutes(30), Duration.ofHours(1), 1000);
    api.book("u1", late, 1);

    Reply clash = api.book("u1", early, 1);

    assertThat(clash.text("code")).isEqualTo("time_conflict");
  }

  @Test
  void cancellingFreesTheMembersTimeForAnOverlappingBooking() {
    String venue = api.venue("UTC", "{}");
    String a =
        api.slot(api.resource(venue, "SEATS", 4), Duration.ofDays(1), Duration.ofHours(1), 1000);
    String b =
        api.slot(api.resource(venue, "SEATS", 4), Duration.ofDays(1), Duration.ofHours(1), 1000);
    String first = api.book("u1", a, 1).text("bookingId");
    api.send(
        "POST /bookings/{bookingId}/cancel", e -> e.as("u1", CUSTOMER).path("bookingId", first));

    assertThat(api.book("u1", b, 1).status()).isEqualTo(201);
  }

  @Test
  void soldOutWhenFewerSeatsRemainThanAsked() {
    String slotId = api.openSlot("SEATS", 3, 1000);
    api.book("u1", slotId, 2);

    Reply r = api.book("u2", slotId, 2);

    assertThat(r.status()).isEqualTo(409);
    assertThat(r.text("code")).isEqualTo("sold_out");
    assertThat(r.contentType()).isEqualTo("application/problem+json");
  }

  @Test
  void closedSlotTakesNoBookingsUntilReopened() {
    String slotId = api.openSlot("SEATS", 3, 1000);
    Reply closed =
        api.send(
            "POST /slots/{slotId}/close",
            e -> e.as("desk", List.of("frontdesk")).path("slotId", slotId));

    Reply refused = api.book("u1", slotId, 1);
    api.send(
        "POST /slots/{slotId}/open",
        e -> e.as("desk", List.of("frontdesk")).path("slotId", slotId));
    Reply accepted = api.book("u1", slotId, 1);

    assertThat(closed.text("status")).isEqualTo("CLOSED");
    assertThat(refused.text("code")).isEqualTo("slot_closed");
    assertThat(accepted.status()).isEqualTo(201);
  }

  @Test
  void slotThatHasStartedIsInThePast() {
    String slotId = api.openSlot("SEATS", 3, 1000);
    api.clock.advance(Duration.ofDays(1).plusMinutes(1));

    Reply r = api.book("u1", slotId, 1);

    assertThat(r.status()).isEqualTo(409);
    assertThat(r.text("code")).isEqualTo("slot_in_past");
  }

  @Test
  void overdueHoldReadsAsExpired() {
    String slotId = api.openSlot("SEATS", 3, 1000);
    String bookingId = api.book("u1", slotId, 1).text("bookingId");
    api.clock.advance(Duration.ofMinutes(15));

    Reply read =
        api.send(
            "GET /bookings/{bookingId}", e -> e.as("u1", CUSTOMER).path("bookingId", bookingId));

    assertThat(read.text("status")).isEqualTo("EXPIRED");
  }

  @Test
  void retryWithTheSameIdempotencyKeyReplaysTheFirstResponseByteForByte() {
    String slotId = api.openSlot("SEATS", 5, 1000);
    String body = "{\"slotId\":\"" + slotId + "\",\"quantity\":1}";

    Reply first =
        api.send(
            "POST /bookings",
            e -> e.as("u1", CUSTOMER).header("Idempotency-Key", "k-1").body(body));
    api.clock.advance(Duration.ofMinutes(1));
    Reply retry =
        api.send(
            "POST /bookings",
            e -> e.as("u1", CUSTOMER).header("Idempotency-Key", "k-1").body(body));
    Reply otherBody =
        api.send(
            "POST /bookings",
            e ->
                e.as("u1", CUSTOMER)
                    .header("Idempotency-Key", "k-1")
                    .body("{\"slotId\":\"" + slotId + "\",\"quantity\":2}"));

    assertThat(first.status()).isEqualTo(201);
    assertThat(retry.status()).isEqualTo(201);
    assertThat(retry.body()).isEqualTo(first.body());
    assertThat(otherBody.status()).isEqualTo(422);
    assertThat(otherBody.text("code")).isEqualTo("idempotency_key_reused");
    assertThat(api.slot(slotId).json().get("remaining").asInt()).isEqualTo(4);
  }

  @Test
  void venueCreationWithAnIdempotencyKeyHappensOnce() {
    String body = "{\"name\":\"Hall\",\"timeZone\":\"Asia/Shanghai\"}";

    Reply first =
        api.send(
            "POST /venues",
            e -> e.as("admin-1", ADMIN).header("Idempotency-Key", "v-1").body(body));
    Reply retry =
        api.send(
            "POST /venues",
            e -> e.as("admin-1", ADMIN).header("Idempotency-Key", "v-1").body(body));

    assertThat(retry.body()).isEqualTo(first.body());
    assertThat(first.json().get("policy").get("holdDuration").asText()).isEqualTo("PT15M");
  }

  @Test
  void sameResourceAndStartTwiceIsADuplicateSlot() {
    String venue = api.venue("UTC", "{}");
    String court = api.resource(venue, "EXCLUSIVE", 1);
    String first = api.slot(court, Duration.ofDays(3), Duration.ofHours(1), 1000);
    String start = ApiDriver.START.plus(Duration.ofDays(3)).toString();

    Reply twice =
        api.send(
            "POST /slots",
            e ->
                e.as("admin-1", ADMIN)
                    .body(
                        "{\"resourceId\":\""
                            + court
                            + "\",\"start\":\""
                            + start
                            + "\",\"end\":\""
                            + ApiDriver.START.plus(Duration.ofDays(3).plusHours(2))
                            + "\",\"priceMinor\":1,\"currency\":\"CNY\"}"));

    assertThat(twice.status()).isEqualTo(409);
    assertThat(twice.text("code")).isEqualTo("duplicate_slot");
    assertThat(twice.text("slotId")).isEqualTo(first);
  }

  @Test
  void slotsAreListedByVenueDateInTheVenueZoneWithoutAToken() {
    String venue = api.venue("Asia/Shanghai", "{}");
    String court = api.resource(venue, "EXCLUSIVE", 1);
    // START is 08:00 in Shanghai on 2026-12-01; these start on 12-02 local
    for (int h = 0; h < 3; h++) {
      api.slot(court, Duration.ofDays(1).plusHours(h), Duration.ofHours(1), 8000);
    }

    Reply page1 =
        api.send(
            "GET /slots",
            e -> e.query("venueId", venue).query("date", "2026-12-02").query("limit", "2"));
    Reply page2 =
        api.send(
            "GET /slots",
            e ->
                e.query("venueId", venue)
                    .query("date", "2026-12-02")
                    .query("cursor", page1.text("nextCursor")));

    assertThat(page1.json().get("items")).hasSize(2);
    assertThat(page1.json().get("items").get(0).get("start").asText())
        .isEqualTo("2026-12-02T08:00:00+08:00");
    assertThat(page2.json().get("items")).hasSize(1);
    assertThat(page2.json().get("nextCursor").isNull()).isTrue();
  }

  @Test
  void venueLocalTimesWithoutOffsetAreReadInTheVenueZone() {
    String venue = api.venue("Asia/Shanghai", "{}");
    String court = api.resource(venue, "EXCLUSIVE", 1);

    Reply slot =
        api.send(
            "POST /slots",
            e ->
                e.as("admin-1", ADMIN)
                    .body(
                        "{\"resourceId\":\""
                            + court
                            + "\",\"start\":\"2026-12-05T18:00:00\",\"end\":\"2026-12-05T19:00:00\",\"priceMinor\":12000,\"currency\":\"CNY\"}"));

    assertThat(slot.text("start")).isEqualTo("2026-12-05T18:00:00+08:00");
    assertThat(slot.json().get("capacity").asInt()).isEqualTo(1);
  }

  @Test
  void rolesAreEnforced() {
    String slotId = api.openSlot("SEATS", 3, 1000);

    Reply customerCreatesVenue =
        api.send("POST /venues", e -> e.as("u1", CUSTOMER).body("{\"name\":\"x\"}"));
    Reply customerCloses =
        api.send("POST /slots/{slotId}/close", e -> e.as("u1", CUSTOMER).path("slotId", slotId));
    Reply anonymousBooks =
        api.send("POST /bookings", e -> e.body("{\"slotId\":\"" + slotId + "\",\"quantity\":1}"));

    assertThat(customerCreatesVenue.status()).isEqualTo(403);
    assertThat(customerCreatesVenue.text("code")).isEqualTo("forbidden");
    assertThat(customerCloses.status()).isEqualTo(403);
    assertThat(anonymousBooks.status()).isEqualTo(401);
    assertThat(anonymousBooks.text("code")).isEqualTo("unauthorized");
  }
}
