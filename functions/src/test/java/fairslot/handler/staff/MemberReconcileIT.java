package fairslot.handler.staff;

import static fairslot.testing.ApiDriver.ADMIN;
import static fairslot.testing.ApiDriver.CUSTOMER;
import static fairslot.testing.ApiDriver.FRONTDESK;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Reconcile checks members as it checks seats: each upcoming counter against the member's bookings,
 * each pack's credits against what its bookings hold. A deviation is reported only when a second
 * count finds it the same.
 */
class MemberReconcileIT {
  private final ApiDriver api = new ApiDriver("memberrecon");

  @AfterEach
  void ledgersBalance() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table); // the test puts back what it breaks
  }

  private Reply reconcile(String body) {
    return api.send("POST /admin/reconcile", e -> e.as("admin-1", ADMIN).body(body));
  }

  /** Moves an attribute of one of u1's items by {@code by}, around every transaction. */
  private void nudge(String sk, String attribute, int by) {
    Aws.dynamo()
        .updateItem(
            u ->
                u.tableName(api.table)
                    .key(
                        Map.of(
                            "PK",
                            AttributeValue.fromS("MEMBER#u1"),
                            "SK",
                            AttributeValue.fromS(sk)))
                    .updateExpression("ADD " + attribute + " :by")
                    .expressionAttributeValues(
                        Map.of(":by", AttributeValue.fromN(Integer.toString(by)))));
  }

  @Test
  void aBrokenCounterAndBrokenCreditsAreFoundForTheMemberAndThroughTheirSlot() {
    String venueId = api.venue("UTC", "{}");
    String resourceId = api.resource(venueId, "SEATS", 10);
    String withPass = api.slot(resourceId, Duration.ofHours(5), Duration.ofHours(1), 8000);
    String withMoney = api.slot(resourceId, Duration.ofHours(8), Duration.ofHours(1), 8000);
    String planId =
        api.send(
                "POST /venues/{venueId}/plans",
                e ->
                    e.as("admin-1", ADMIN)
                        .path("venueId", venueId)
                        .body(
                            "{\"name\":\"Five\",\"kind\":\"PACK\",\"credits\":5,\"validity\":\"P30D\","
                                + "\"priceMinor\":1000,\"currency\":\"CNY\"}"))
            .text("planId");
    String passId =
        api.send(
                "POST /staff/passes",
                e ->
                    e.as("desk-1", FRONTDESK)
                        .body("{\"planId\":\"" + planId + "\",\"customer\":{\"userId\":\"u1\"}}"))
            .text("passId");
    api.send(
        "POST /bookings",
        e ->
            e.as("u1", CUSTOMER)
                .body(
                    "{\"slotId\":\""
                        + withPass
                        + "\",\"quantity\":2,\"passId\":\""
                        + passId
                        + "\"}"));
    api.book("u1", withMoney, 1);

    Reply before = reconcile("{\"slotId\":\"" + withPass + "\"}");
    nudge("UPCOMING#" + venueId, "upcoming", 1);
    nudge("PASS#" + passId, "creditsLeft", 1);
    Reply byMember = reconcile("{\"userId\":\"u1\"}");
    Reply bySlot = reconcile("{\"slotId\":\"" + withMoney + "\"}");
    nudge("UPCOMING#" + venueId, "upcoming", -1);
    nudge("PASS#" + passId, "creditsLeft", -1);
    Reply after = reconcile("{\"userId\":\"u1\"}");

    assertThat(before.json().get("membersChecked").asInt()).isEqualTo(1);
    assertThat(before.json().get("memberDeviations")).isEmpty();
    JsonNode member = byMember.json().get("memberDeviations").get(0);
    assertThat(member.get("userId").asText()).isEqualTo("u1");
    JsonNode counter = member.get("counters").get(0);
    assertThat(counter.get("venueId").asText()).isEqualTo(venueId);
    assertThat(counter.get("counted").asLong()).isEqualTo(3);
    assertThat(counter.get("recounted").asLong()).isEqualTo(2);
    JsonNode credits = member.get("credits").get(0);
    assertThat(credits.get("passId").asText()).isEqualTo(passId);
    assertThat(credits.get("credits").asInt()).isEqualTo(5);
    assertThat(credits.get("left").asInt()).isEqualTo(4);
    assertThat(credits.get("held").asInt()).isEqualTo(2);
    assertThat(bySlot.json().get("deviations")).isEmpty(); // the slot's seats are fine
    assertThat(bySlot.json().get("memberDeviations").get(0).get("userId").asText()).isEqualTo("u1");
    assertThat(after.json().get("memberDeviations")).isEmpty();
  }
}
