package fairslot.handler.booking;

import static fairslot.testing.ApiDriver.CUSTOMER;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.handler.ScheduledJobHandler;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.MemberCounters;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The venue's limit on upcoming bookings binds the system's placements for a member too (issue 28,
 * finding 5): a waitlist AUTO_HOLD and a late payment's revive are decided in their transactions by
 * the same counter as the member's own bookings. Before, both booked past it.
 */
class PolicyOnSystemPathsIT {
  private final ApiDriver api = new ApiDriver("syspolicy");

  @AfterEach
  void ledgersBalance() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table); // seats and member counters
  }

  private Reply mine(String user, String slotId) {
    return api.send(
        "GET /slots/{slotId}/waitlist/me", e -> e.as(user, CUSTOMER).path("slotId", slotId));
  }

  private void join(String user, String slotId) {
    ApiDriver.expect(
        api.send("POST /slots/{slotId}/waitlist", e -> e.as(user, CUSTOMER).path("slotId", slotId)),
        201);
  }

  @Test
  void anAutoHoldForAMemberAtTheLimitIsNotMadeAndTheSeatGoesToTheNextInLine() {
    String venueId =
        api.venue("UTC", "{\"waitlistMode\":\"AUTO_HOLD\",\"maxUpcomingPerMember\":1}");
    String court =
        api.slot(api.resource(venueId, "SEATS", 1), Duration.ofHours(5), Duration.ofHours(1), 1000);
    String other =
        api.slot(api.resource(venueId, "SEATS", 5), Duration.ofHours(8), Duration.ofHours(1), 1000);
    ApiDriver.expect(api.book("a", other, 1), 201); // a is at the limit
    String held = api.book("holder", court, 1).text("bookingId");
    join("a", court);
    join("b", court);

    api.cancel("holder", held);
    api.deliverSeatReleased();

    assertThat(mine("a", court).text("status")).isEqualTo("EXPIRED");
    assertThat(mine("b", court).text("status")).isEqualTo("ACCEPTED");
    assertThat(MemberCounters.count(Aws.dynamo().scan(s -> s.tableName(api.table)).items()))
        .hasEntrySatisfying("a " + venueId, c -> assertThat(c).containsExactly(1, 1));
  }

  @Test
  void aLatePaymentForAMemberNowAtTheLimitIsRefundedNotRevived() {
    String venueId = api.venue("UTC", "{\"maxUpcomingPerMember\":1,\"holdDuration\":\"PT10M\"}");
    String resourceId = api.resource(venueId, "SEATS", 5);
    String first = api.slot(resourceId, Duration.ofHours(5), Duration.ofHours(1), 1000);
    String second = api.slot(resourceId, Duration.ofHours(8), Duration.ofHours(1), 1000);
    String bookingId = api.book("m", first, 1).text("bookingId");
    String paymentNo = api.pay("m", bookingId).text("paymentNo");
    api.clock.advance(Duration.ofMinutes(11));
    new ScheduledJobHandler(api.wiring)
        .run("sweep-holds"); // the hold lapses before the money arrives
    ApiDriver.expect(api.book("m", second, 1), 201); // m is at the limit again

    Reply late =
        api.webhook(ApiDriver.callbackBody("late-1", paymentNo, bookingId, 1000, "SUCCEEDED"));

    assertThat(late.status()).as(late.body()).isEqualTo(200);
    assertThat(api.booking("m", bookingId).text("status")).isEqualTo("EXPIRED");
    List<String> kinds = new ArrayList<>();
    for (JsonNode x :
        api.send(
                "GET /finance/exceptions",
                e -> e.as("fin-1", List.of("finance")).query("venueId", venueId))
            .json()
            .get("items")) {
      kinds.add(x.get("kind").asText());
    }
    assertThat(kinds).containsExactly("LATE_PAYMENT_REFUNDED");
    assertThat(MemberCounters.count(Aws.dynamo().scan(s -> s.tableName(api.table)).items()))
        .hasEntrySatisfying("m " + venueId, c -> assertThat(c).containsExactly(1, 1));
  }
}
