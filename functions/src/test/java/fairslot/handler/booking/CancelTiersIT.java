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

/**
 * Cancel tiers (v1.1 "Booking policy"): a paid cancel is refunded by the first tier still ahead of
 * the start, through the existing refund path; the kept part shows as the daily report's fees.
 */
class CancelTiersIT {
  private final ApiDriver api = new ApiDriver("canceltiers");

  private static final String DAY_FULL_TWO_HOURS_HALF =
      "{\"cancelTiers\":[{\"before\":\"PT2H\",\"refundPercent\":50},"
          + "{\"before\":\"PT24H\",\"refundPercent\":100}]}";

  @AfterEach
  void seatLedgerBalances() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  private Reply report(String venueId) {
    return api.send(
        "GET /reports/daily",
        e ->
            e.as("fin-1", List.of("finance"))
                .query("venueId", venueId)
                .query("date", "2026-12-01"));
  }

  @Test
  void aCancelInsideTheHalfTierRefundsHalfAndTheReportKeepsTheRestAsFees() {
    String venueId = api.venue("UTC", DAY_FULL_TWO_HOURS_HALF);
    String slotId =
        api.slot(api.resource(venueId, "SEATS", 5), Duration.ofHours(10), Duration.ofHours(1), 999);
    String bookingId = api.paidBooking("u1", slotId);
    String paymentNo =
        api.send(
                "GET /bookings/{bookingId}/payments",
                e -> e.as("u1", CUSTOMER).path("bookingId", bookingId))
            .json()
            .get("items")
            .get(0)
            .get("paymentNo")
            .asText();

    Reply cancelled = api.cancel("u1", bookingId);
    api.provider.report(paymentNo, "REFUNDED");
    api.deliverSeatReleased();
    Reply after = api.booking("u1", bookingId);
    Reply day = report(venueId);

    assertThat(cancelled.status()).isEqualTo(200);
    assertThat(cancelled.text("status")).isEqualTo("REFUNDING");
    // 50 % of 999, rounded down to the minor unit: the venue keeps the odd unit
    assertThat(cancelled.json().get("refundMinor").asLong()).isEqualTo(499);
    assertThat(after.text("status")).isEqualTo("REFUNDED");
    assertThat(after.json().get("refundMinor").asLong()).isEqualTo(499);
    assertThat(day.json().get("paidMinor").asLong()).isEqualTo(999);
    assertThat(day.json().get("refundedMinor").asLong()).isEqualTo(499);
    assertThat(day.json().get("feesMinor").asLong()).isEqualTo(500);
    assertThat(api.remaining(slotId)).isEqualTo(5);
  }

  @Test
  void aCancelBeforeTheFirstTierRefundsEverythingAndPastTheLastIsRefusedWithTheDeadline() {
    String venueId = api.venue("Asia/Shanghai", DAY_FULL_TWO_HOURS_HALF);
    String resourceId = api.resource(venueId, "SEATS", 5);
    String early = api.slot(resourceId, Duration.ofHours(30), Duration.ofHours(1), 1000);
    String late = api.slot(resourceId, Duration.ofHours(3), Duration.ofHours(1), 1000);
    String earlyBooking = api.paidBooking("u1", early);
    String lateBooking = api.paidBooking("u1", late);

    Reply whole = api.cancel("u1", earlyBooking);
    api.clock.advance(Duration.ofMinutes(61));
    Reply refused = api.cancel("u1", lateBooking);

    assertThat(whole.json().get("refundMinor").asLong()).isEqualTo(1000);
    assertThat(refused.status()).isEqualTo(409);
    assertThat(refused.text("code")).isEqualTo("cancel_window_closed");
    // the late slot starts at 2026-12-01T03:00Z; its last tier closes 2 hours before, venue time
    assertThat(refused.text("closedAt")).isEqualTo("2026-12-01T09:00:00+08:00");
    assertThat(api.booking("u1", lateBooking).text("status")).isEqualTo("PAID");
    assertThat(api.remaining(late)).isEqualTo(4);
  }

  @Test
  void aBookingKeepsTheTiersItWasMadeUnderWhenTheVenueChangesThem() {
    String venueId = api.venue("UTC", DAY_FULL_TWO_HOURS_HALF);
    String slotId =
        api.slot(
            api.resource(venueId, "SEATS", 5), Duration.ofHours(10), Duration.ofHours(1), 1000);
    String bookingId = api.paidBooking("u1", slotId);

    Reply stricter =
        api.send(
            "PATCH /venues/{venueId}",
            e ->
                e.as("admin-1", ADMIN)
                    .path("venueId", venueId)
                    .body(
                        "{\"policy\":{\"cancelTiers\":[{\"before\":\"P2D\",\"refundPercent\":100}]}}"));
    Reply cancelled = api.cancel("u1", bookingId);

    assertThat(stricter.status()).isEqualTo(200);
    assertThat(stricter.json().get("policy").get("cancelTiers").get(0).get("before").asText())
        .isEqualTo("PT48H");
    assertThat(cancelled.status()).isEqualTo(200);
    assertThat(cancelled.json().get("refundMinor").asLong()).isEqualTo(500);
  }

  @Test
  void tiersThatRefundMoreNearerTheStartOrRepeatAreRefusedAndChangeNothing() {
    String venueId = api.venue("UTC", DAY_FULL_TWO_HOURS_HALF);

    Reply rising =
        api.send(
            "PATCH /venues/{venueId}",
            e ->
                e.as("admin-1", ADMIN)
                    .path("venueId", venueId)
                    .body(
                        "{\"policy\":{\"cancelTiers\":[{\"before\":\"PT24H\",\"refundPercent\":50},"
                            + "{\"before\":\"PT2H\",\"refundPercent\":100}]}}"));
    Reply zero =
        api.send(
            "PATCH /venues/{venueId}",
            e ->
                e.as("admin-1", ADMIN)
                    .path("venueId", venueId)
                    .body(
                        "{\"policy\":{\"cancelTiers\":[{\"before\":\"PT2H\",\"refundPercent\":0}]}}"));

    assertThat(rising.status()).isEqualTo(422);
    assertThat(zero.status()).isEqualTo(422);
    assertThat(
            api.send("GET /venues/{venueId}", e -> e.path("venueId", venueId))
                .json()
                .get("policy")
                .get("cancelTiers")
                .size())
        .isEqualTo(2);
  }
}
