package fairslot.handler.payment;

import static fairslot.testing.ApiDriver.ADMIN;
import static fairslot.testing.ApiDriver.CUSTOMER;
import static fairslot.testing.ApiDriver.FRONTDESK;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A DISABLED venue takes no pass sales, no payment for a new pass and no new plan (issue 28,
 * finding 6): each is 409 {@code disabled}, decided by a condition on the venue in the write, and
 * writes nothing. Before, all three went through.
 */
class DisabledVenuePassesIT {
  private final ApiDriver api = new ApiDriver("disabledpass");

  private static final String PACK =
      "{\"name\":\"Ten\",\"kind\":\"PACK\",\"credits\":10,\"validity\":\"P30D\","
          + "\"priceMinor\":50000,\"currency\":\"CNY\"}";

  private Reply plan(String venueId) {
    return api.send(
        "POST /venues/{venueId}/plans",
        e -> e.as("admin-1", ADMIN).path("venueId", venueId).body(PACK));
  }

  @Test
  void aDisabledVenueSellsNoPassTakesNoPassPaymentAndNoPlan() {
    String venueId = api.venue("UTC", "{}");
    String planId = plan(venueId).text("planId");
    String bought =
        api.send(
                "POST /me/passes", e -> e.as("m", CUSTOMER).body("{\"planId\":\"" + planId + "\"}"))
            .text("passId");
    ApiDriver.expect(
        api.send(
            "PATCH /venues/{venueId}",
            e -> e.as("admin-1", ADMIN).path("venueId", venueId).body("{\"status\":\"DISABLED\"}")),
        200);
    int before = SeatLedger.itemCount(Aws.dynamo(), api.table);

    List<Reply> refused =
        List.of(
            api.send(
                "POST /me/passes",
                e -> e.as("m2", CUSTOMER).body("{\"planId\":\"" + planId + "\"}")),
            api.send(
                "POST /staff/passes",
                e ->
                    e.as("desk-1", FRONTDESK)
                        .body("{\"planId\":\"" + planId + "\",\"customer\":{\"userId\":\"m3\"}}")),
            api.send("POST /passes/{passId}/pay", e -> e.as("m", CUSTOMER).path("passId", bought)),
            plan(venueId));

    assertThat(refused)
        .allSatisfy(
            r -> {
              assertThat(r.status()).as(r.body()).isEqualTo(409);
              assertThat(r.text("code")).isEqualTo("disabled");
            });
    assertThat(SeatLedger.itemCount(Aws.dynamo(), api.table)).isEqualTo(before);
  }
}
