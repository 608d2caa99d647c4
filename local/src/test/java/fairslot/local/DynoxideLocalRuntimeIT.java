package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.emulator.AwsEndpoint;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The local runtime with DynamoDB on dynoxide and the other services on moto (what {@code
 * ./fairslot local} starts by default): every item lands in dynoxide, and the paths that cross
 * services (a release through EventBridge and SQS to the waitlist, the seat audit from dynoxide's
 * stream) still work end to end.
 */
class DynoxideLocalRuntimeIT {
  private static final String TABLE = "dynoxide-local-it";
  private static LocalRuntime runtime;
  private static LocalClient client;

  @BeforeAll
  static void start() {
    runtime = LocalRuntime.start(Settings.forTests(TABLE), LocalDynamoDb.DYNOXIDE);
    client = new LocalClient(runtime);
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  @Test
  void theTableLivesInDynoxideAndNotInMoto() {
    AwsEndpoint endpoint = runtime.endpoint();
    var moto = AwsEndpoint.emulator(endpoint.uri()).dynamoDb();

    assertThat(endpoint.dynamoDbApart()).isTrue();
    assertThat(endpoint.dynamoDb().listTables().tableNames()).contains(TABLE);
    assertThat(moto.listTables().tableNames()).doesNotContain(TABLE);
  }

  @Test
  void aReleasedSeatReachesTheWaitlistAndTheAuditReadsDynoxidesStream() throws Exception {
    String admin = client.token("admin-d", "admin");
    String first = client.token("d1", "customer");
    String second = client.token("d2", "customer");
    String venueId =
        client
            .call("POST", "/venues", admin, "{\"name\":\"Dojo\",\"timeZone\":\"Asia/Shanghai\"}")
            .json()
            .path("venueId")
            .asText();
    String resourceId =
        client
            .call(
                "POST",
                "/venues/" + venueId + "/resources",
                admin,
                "{\"name\":\"Mat\",\"kind\":\"SEATS\",\"capacity\":1}")
            .json()
            .path("resourceId")
            .asText();
    LocalDate day = LocalDate.now(ZoneId.of("Asia/Shanghai")).plusDays(3);
    String slotId =
        client
            .call(
                "POST",
                "/slots",
                admin,
                "{\"resourceId\":\""
                    + resourceId
                    + "\",\"start\":\""
                    + day
                    + "T09:00:00\",\"end\":\""
                    + day
                    + "T10:00:00\",\"priceMinor\":0,\"currency\":\"CNY\"}")
            .json()
            .path("slotId")
            .asText();
    String booking = "{\"slotId\":\"" + slotId + "\",\"quantity\":1}";

    LocalClient.Reply won = client.call("POST", "/bookings", first, booking);
    LocalClient.Reply soldOut = client.call("POST", "/bookings", second, booking);
    LocalClient.Reply joined = client.call("POST", "/slots/" + slotId + "/waitlist", second, "{}");
    LocalClient.Reply cancelled =
        client.call(
            "POST", "/bookings/" + won.json().path("bookingId").asText() + "/cancel", first, null);

    assertThat(won.status()).isEqualTo(201);
    assertThat(soldOut.status()).isEqualTo(409);
    assertThat(joined.status()).isEqualTo(201);
    assertThat(cancelled.json().path("status").asText()).isEqualTo("CANCELLED");
    LocalRuntimeIT.eventually(
        20,
        () ->
            assertThat(
                    client
                        .call("GET", "/slots/" + slotId + "/waitlist/me", second, null)
                        .json()
                        .path("status")
                        .asText())
                .isEqualTo("OFFERED"));
    LocalRuntimeIT.eventually(
        20,
        () -> {
          JsonNode audit =
              client.call("GET", "/audit?slotId=" + slotId, admin, null).json().path("items");
          List<String> moves = new ArrayList<>();
          audit.forEach(
              r -> {
                if (r.has("remainingBefore")) {
                  moves.add(
                      r.get("remainingBefore").asInt() + "->" + r.get("remainingAfter").asInt());
                }
              });
          // taken, released, then reserved for the head of the waitlist as an offer
          assertThat(moves).containsExactly("1->0", "0->1", "1->0");
        });
  }
}
