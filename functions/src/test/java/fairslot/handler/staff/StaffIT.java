package fairslot.handler.staff;

import static fairslot.testing.ApiDriver.ADMIN;
import static fairslot.testing.ApiDriver.CUSTOMER;
import static fairslot.testing.ApiDriver.FRONTDESK;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.handler.ScheduledJobHandler;
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

class StaffIT {
  private final ApiDriver api = new ApiDriver("staff");

  @AfterEach
  void seatLedgerBalances() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  private Reply staff(String action, String bookingId, List<String> groups) {
    return api.send(
        "POST /staff/bookings/{bookingId}/" + action,
        e -> e.as("desk-1", groups).path("bookingId", bookingId));
  }

  @Test
  void deskTakesPaymentChecksInAndCheckingInTwiceIsHarmless() {
    String slotId = api.openSlot("SEATS", 3, 4000);
    String bookingId = api.book("u1", slotId, 1).text("bookingId");

    Reply paid = staff("offline-payment", bookingId, FRONTDESK);
    Reply in = staff("check-in", bookingId, FRONTDESK);
    Reply again = staff("check-in", bookingId, FRONTDESK);

    assertThat(paid.text("status")).isEqualTo("PAID");
    assertThat(in.text("status")).isEqualTo("COMPLETED");
    assertThat(again.text("status")).isEqualTo("COMPLETED");
    assertThat(api.remaining(slotId)).isEqualTo(2);
  }

  @Test
  void staffRefundWorksAfterTheCustomerCutoffAndAnOfflinePaymentIsRefundedAtOnce() {
    String slotId = api.openSlot("SEATS", 3, 4000);
    String bookingId = api.book("u1", slotId, 1).text("bookingId");
    staff("offline-payment", bookingId, FRONTDESK);
    api.clock.advance(
        Duration.ofHours(23)); // an hour before the start: customers may no longer cancel

    Reply customer = api.cancel("u1", bookingId);
    Reply refunded = staff("refund", bookingId, FRONTDESK);

    assertThat(customer.text("code")).isEqualTo("cancel_window_closed");
    assertThat(refunded.text("status")).isEqualTo("REFUNDED");
    assertThat(api.remaining(slotId)).isEqualTo(3);
  }

  @Test
  void aVenuesCheckInWindowRefusesTheDeskBeforeItOpensAndAfterItCloses() {
    String venue =
        api.venue(
            "Asia/Shanghai", "{\"checkIn\":{\"opensBefore\":\"PT30M\",\"closesAfter\":\"PT15M\"}}");
    String court = api.resource(venue, "EXCLUSIVE", 1);
    String slotId = api.slot(court, Duration.ofHours(2), Duration.ofHours(1), 8000);
    String bookingId = api.book("u1", slotId, 1).text("bookingId");
    staff("offline-payment", bookingId, FRONTDESK);

    Reply early = staff("check-in", bookingId, FRONTDESK);
    api.clock.advance(Duration.ofMinutes(90).plusSeconds(1));
    Reply in = staff("check-in", bookingId, FRONTDESK);
    String late =
        api.book("u2", api.slot(court, Duration.ofHours(3), Duration.ofHours(1), 8000), 1)
            .text("bookingId");
    staff("offline-payment", late, FRONTDESK);
    api.clock.advance(Duration.ofHours(3).plusMinutes(16));
    Reply closed = staff("check-in", late, FRONTDESK);

    assertThat(early.status()).isEqualTo(409);
    assertThat(early.text("code")).isEqualTo("check_in_window_closed");
    assertThat(early.text("opensAt")).endsWith("+08:00");
    assertThat(in.text("status")).isEqualTo("COMPLETED");
    assertThat(closed.status()).isEqualTo(409);
    assertThat(closed.text("code")).isEqualTo("check_in_window_closed");
    assertThat(
            api.send("GET /venues/{venueId}", e -> e.path("venueId", venue))
                .json()
                .path("policy")
                .path("checkIn")
                .path("closesAfter")
                .asText())
        .isEqualTo("PT15M");
  }

  @Test
  void checkingInAnUnpaidBookingIsAnInvalidTransition() {
    String slotId = api.openSlot("SEATS", 3, 4000);
    String bookingId = api.book("u1", slotId, 1).text("bookingId");

    Reply r = staff("check-in", bookingId, FRONTDESK);

    assertThat(r.status()).isEqualTo(409);
    assertThat(r.text("code")).isEqualTo("invalid_transition");
  }

  @Test
  void paidBookingsOfAnEndedSlotWithoutCheckInBecomeNoShowsAndKeepTheirSeats() {
    String slotId = api.openSlot("SEATS", 3, 4000);
    String absent = api.paidBooking("u1", slotId);
    String present = api.paidBooking("u2", slotId);
    staff("check-in", present, FRONTDESK);
    api.clock.advance(Duration.ofDays(1).plusHours(2));

    Map<String, Object> report = new ScheduledJobHandler(api.wiring).run("no-shows");

    assertThat(report).containsEntry("due", 1).containsEntry("changed", 1);
    assertThat(api.booking("u1", absent).text("status")).isEqualTo("NO_SHOW");
    assertThat(api.booking("u2", present).text("status")).isEqualTo("COMPLETED");
    assertThat(api.remaining(slotId)).isEqualTo(1);
  }

  @Test
  void everyTransitionIsAuditedWithActorAndReason() {
    String slotId = api.openSlot("SEATS", 3, 4000);
    String bookingId = api.paidBooking("u1", slotId);
    staff("check-in", bookingId, FRONTDESK);

    Reply audit =
        api.send("GET /audit", e -> e.as("fin", List.of("finance")).query("bookingId", bookingId));

    List<String> moves = new ArrayList<>();
    audit
        .json()
        .get("items")
        .forEach(
            i ->
                moves.add(
                    i.get("from").asText()
                        + ">"
                        + i.get("to").asText()
                        + " by "
                        + i.get("actor").asText()));
    assertThat(moves)
        .containsExactly(
            "->PENDING_PAY by u1", "PENDING_PAY>PAID by provider", "PAID>COMPLETED by desk-1");
    assertThat(audit.json().get("items").get(0).get("entity").asText())
        .isEqualTo("booking:" + bookingId);
  }

  @Test
  void staffRoutesRefuseCustomersAndAuditRefusesTheDesk() {
    String slotId = api.openSlot("SEATS", 3, 4000);
    String bookingId = api.book("u1", slotId, 1).text("bookingId");

    for (String action : List.of("check-in", "offline-payment", "refund")) {
      assertThat(staff(action, bookingId, CUSTOMER).status()).as(action).isEqualTo(403);
    }
    for (String action : List.of("check-in", "offline-payment")) {
      assertThat(staff(action, bookingId, List.of("finance")).status()).as(action).isEqualTo(403);
    }
    // finance refunds since v1.3 (partial refunds): an unpaid booking has nothing to refund
    assertThat(staff("refund", bookingId, List.of("finance")).status()).isEqualTo(409);
    assertThat(
            api.send("GET /audit", e -> e.as("desk", FRONTDESK).query("bookingId", bookingId))
                .status())
        .isEqualTo(403);
    assertThat(api.send("GET /audit", e -> e.as("a", ADMIN).query("bookingId", bookingId)).status())
        .isEqualTo(200);
    assertThat(api.send("GET /audit", e -> e.as("a", ADMIN)).status()).isEqualTo(422);
  }
}
