package fairslot.handler.booking;

import static fairslot.testing.ApiDriver.ADMIN;
import static fairslot.testing.ApiDriver.FRONTDESK;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The venue's booking policy (v1.1 "Booking policy") through the handler against the emulator. */
class BookingPolicyIT {
  private final ApiDriver api = new ApiDriver("bookpolicy");

  private static final String WEEK_TO_HOUR =
      "{\"bookingWindow\":{\"opensBefore\":\"P7D\",\"closesBefore\":\"PT1H\"}}";

  @AfterEach
  void seatLedgerBalances() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  private Reply patchVenue(String venueId, String body) {
    return api.send(
        "PATCH /venues/{venueId}", e -> e.as("admin-1", ADMIN).path("venueId", venueId).body(body));
  }

  @Test
  void aMemberBooksOnlyInsideTheWindowAndIsToldWhenItOpensOrClosed() {
    String venueId = api.venue("Asia/Shanghai", WEEK_TO_HOUR);
    String resourceId = api.resource(venueId, "SEATS", 10);
    String farOff = api.slot(resourceId, Duration.ofDays(10), Duration.ofHours(1), 4000);
    String soon = api.slot(resourceId, Duration.ofMinutes(30), Duration.ofHours(1), 4000);

    Reply early = api.book("u1", farOff, 1);
    Reply late = api.book("u1", soon, 1);
    api.clock.advance(Duration.ofDays(4));
    Reply inside = api.book("u1", farOff, 1);

    assertThat(early.status()).isEqualTo(409);
    assertThat(early.text("code")).isEqualTo("booking_window_closed");
    // the slot starts 2026-12-11T00:00Z: the window opens 7 days before, in the venue's zone
    assertThat(early.text("opensAt")).isEqualTo("2026-12-04T08:00:00+08:00");
    assertThat(late.status()).isEqualTo(409);
    assertThat(late.text("code")).isEqualTo("booking_window_closed");
    assertThat(late.text("detail")).contains("closed");
    assertThat(inside.status()).isEqualTo(201);
    assertThat(api.remaining(soon)).isEqualTo(10);
  }

  @Test
  void theDeskBooksAWalkInAfterTheWindowClosedToMembers() {
    String venueId = api.venue("Asia/Shanghai", WEEK_TO_HOUR);
    String soon =
        api.slot(
            api.resource(venueId, "SEATS", 10), Duration.ofMinutes(30), Duration.ofHours(1), 4000);

    Reply walkIn =
        api.send(
            "POST /staff/bookings",
            e ->
                e.as("desk-1", FRONTDESK)
                    .body(
                        "{\"slotId\":\""
                            + soon
                            + "\",\"quantity\":1,\"customer\":{\"userId\":\"u7\"}}"));

    assertThat(walkIn.status()).isEqualTo(201);
  }

  @Test
  void anEditedWindowAppliesToTheVenuesFutureSlotsAndNullRemovesIt() {
    String venueId = api.venue("Asia/Shanghai", "{}");
    String farOff =
        api.slot(
            api.resource(venueId, "SEATS", 10), Duration.ofDays(10), Duration.ofHours(1), 4000);

    Reply narrowed = patchVenue(venueId, "{\"policy\":" + WEEK_TO_HOUR + "}");
    Reply refused = api.book("u1", farOff, 1);
    Reply widened = patchVenue(venueId, "{\"policy\":{\"bookingWindow\":null}}");
    Reply booked = api.book("u1", farOff, 1);

    assertThat(narrowed.status()).isEqualTo(200);
    assertThat(narrowed.json().get("policy").get("bookingWindow").get("opensBefore").asText())
        .isEqualTo("PT168H");
    assertThat(refused.text("code")).isEqualTo("booking_window_closed");
    assertThat(widened.json().get("policy").has("bookingWindow")).isFalse();
    assertThat(booked.status()).isEqualTo(201);
  }

  @Test
  void aWindowThatClosesBeforeItOpensOrReachesPastAYearIs422AndChangesNothing() {
    String venueId = api.venue("Asia/Shanghai", "{}");

    Reply inverted =
        patchVenue(
            venueId,
            "{\"policy\":{\"bookingWindow\":{\"opensBefore\":\"PT1H\",\"closesBefore\":\"PT2H\"}}}");
    Reply tooLong =
        patchVenue(venueId, "{\"policy\":{\"bookingWindow\":{\"opensBefore\":\"P400D\"}}}");
    Reply unknown = patchVenue(venueId, "{\"policy\":{\"bookingWindow\":{\"opens\":\"P4D\"}}}");

    assertThat(inverted.status()).isEqualTo(422);
    assertThat(tooLong.status()).isEqualTo(422);
    assertThat(unknown.status()).isEqualTo(422);
    assertThat(
            api.send("GET /venues/{venueId}", e -> e.path("venueId", venueId))
                .json()
                .get("policy")
                .has("bookingWindow"))
        .isFalse();
  }
}
