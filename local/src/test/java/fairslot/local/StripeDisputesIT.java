package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.local.LocalClient.Reply;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Disputes as Stripe sends them (API.md v1.3 "Disputes"), end to end on the local runtime: the
 * fake's bank opens a dispute of a paid booking and decides it; fairslot's finance sees each state
 * once, however often Stripe delivers it, and the daily report counts a lost dispute.
 */
class StripeDisputesIT {
  private static LocalRuntime runtime;
  private static LocalClient api;

  @BeforeAll
  static void start() throws Exception {
    runtime = LocalClient.startOn("stripe-disputes-it", new MovableClock(Instant.now()));
    api = new LocalClient(runtime);
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  /** A member's booking paid with Stripe: the booking id and the intent's id. */
  private static String[] paidBooking(String member) throws Exception {
    String[] paid = api.stripePaid(member);
    return new String[] {paid[0], paid[2]};
  }

  private static List<JsonNode> exceptionsOf(String bookingId) throws Exception {
    List<JsonNode> found = new ArrayList<>();
    for (String status : List.of("OPEN", "RESOLVED")) {
      api.call(
              "GET",
              "/finance/exceptions?limit=200&status=" + status,
              api.token("fin", "finance"),
              null)
          .json()
          .path("items")
          .forEach(
              e -> {
                if (e.path("bookingId").asText().equals(bookingId)) {
                  found.add(e);
                }
              });
    }
    return found;
  }

  private static JsonNode only(List<JsonNode> exceptions, String kind) {
    List<JsonNode> of =
        exceptions.stream().filter(e -> e.path("kind").asText().equals(kind)).toList();
    assertThat(of).as(kind).hasSize(1);
    return of.get(0);
  }

  /** Sends the event the fake sent last again, as Stripe redelivers it. */
  private static void redeliverLast(String type) throws Exception {
    List<Map<String, Object>> sent = runtime.stripe().events();
    Map<String, Object> last =
        sent.stream().filter(e -> e.get("type").equals(type)).reduce((a, b) -> b).orElseThrow();
    String body = (String) last.get("body");
    Reply again =
        api.call(
            "POST",
            "/payments/stripe/webhook",
            null,
            body,
            Map.of("Stripe-Signature", runtime.stripe().signatureAt(body, Instant.now())));
    assertThat(again.status()).isEqualTo(200);
  }

  @Test
  void aLostDisputeIsOneOpenExceptionAMarkedBookingAndTheDaysDisputedMoney() throws Exception {
    String member = api.token("dp-lost", "customer");
    String[] paid = paidBooking(member);

    Reply opened =
        api.call(
            "POST",
            "/_local/stripe/payment_intents/" + paid[1] + "/dispute",
            null,
            "{\"reason\":\"product_not_received\"}");
    assertThat(opened.status()).isEqualTo(200);
    String disputeId = opened.json().path("disputeId").asText();
    redeliverLast("charge.dispute.created");

    JsonNode open = only(exceptionsOf(paid[0]), "DISPUTE_OPENED");
    assertThat(open.path("status").asText()).isEqualTo("OPEN");
    assertThat(open.path("amountMinor").asLong()).isEqualTo(8800);
    assertThat(open.path("reason").asText()).isEqualTo("product_not_received");
    assertThat(open.path("disputeId").asText()).isEqualTo(disputeId);
    assertThat(open.path("evidenceDueBy").asText()).endsWith("+08:00");
    assertThat(exceptionsOf(paid[0])).hasSize(1);

    assertThat(
            api.call(
                    "POST",
                    "/_local/stripe/disputes/" + disputeId + "/close",
                    null,
                    "{\"status\":\"lost\"}")
                .status())
        .isEqualTo(200);
    redeliverLast("charge.dispute.closed");

    List<JsonNode> after = exceptionsOf(paid[0]);
    assertThat(after).hasSize(2);
    assertThat(only(after, "DISPUTE_OPENED").path("status").asText()).isEqualTo("RESOLVED");
    assertThat(only(after, "DISPUTE_LOST").path("status").asText()).isEqualTo("OPEN");
    JsonNode booking = api.call("GET", "/bookings/" + paid[0], member, null).json();
    assertThat(booking.path("status").asText())
        .as("the booking keeps its status")
        .isEqualTo("PAID");
    assertThat(booking.path("disputed").asBoolean()).isTrue();
    assertThat(booking.path("disputedMinor").asLong()).isEqualTo(8800);

    String venueId = booking.path("slot").path("venueId").asText();
    String date = booking.path("slot").path("start").asText().substring(0, 10);
    JsonNode report =
        api.call(
                "GET",
                "/reports/daily?venueId=" + venueId + "&date=" + date,
                api.token("fin", "finance"),
                null)
            .json();
    assertThat(report.path("disputedMinor").asLong()).isEqualTo(8800);
    Reply csv =
        api.call(
            "GET",
            "/reports/daily?venueId=" + venueId + "&date=" + date,
            api.token("fin", "finance"),
            null,
            Map.of("Accept", "text/csv"));
    String[] rows = csv.raw().split("\r\n");
    assertThat(rows[0]).endsWith(",noShows,disputedMinor");
    assertThat(rows[rows.length - 1]).contains(",TOTAL,").endsWith(",8800");
  }

  @Test
  void aWonDisputeResolvesItselfAndLeavesTheBookingUnmarked() throws Exception {
    String member = api.token("dp-won", "customer");
    String[] paid = paidBooking(member);
    String disputeId =
        api.call("POST", "/_local/stripe/payment_intents/" + paid[1] + "/dispute", null, "{}")
            .json()
            .path("disputeId")
            .asText();
    api.call(
        "POST", "/_local/stripe/disputes/" + disputeId + "/close", null, "{\"status\":\"won\"}");
    redeliverLast("charge.dispute.closed");

    List<JsonNode> all = exceptionsOf(paid[0]);
    assertThat(all).hasSize(2);
    assertThat(only(all, "DISPUTE_OPENED").path("status").asText()).isEqualTo("RESOLVED");
    JsonNode won = only(all, "DISPUTE_WON");
    assertThat(won.path("status").asText()).isEqualTo("RESOLVED");
    assertThat(won.path("resolution").asText()).isEqualTo("CLOSED_BY_PROVIDER");
    JsonNode booking = api.call("GET", "/bookings/" + paid[0], member, null).json();
    assertThat(booking.has("disputed")).isFalse();
  }

  @Test
  void theLocalControlsRefuseWhatStripeCouldNotDo() throws Exception {
    String member = api.token("dp-refused", "customer");
    String bookingId = api.hold(member);
    String intent =
        api.call("POST", "/bookings/" + bookingId + "/pay", member, "{\"provider\":\"stripe\"}")
            .json()
            .path("client")
            .path("paymentIntentId")
            .asText();
    assertThat(
            api.call("POST", "/_local/stripe/payment_intents/" + intent + "/dispute", null, "{}")
                .status())
        .as("an unpaid intent has no charge to dispute")
        .isEqualTo(404);
    assertThat(
            api.call("POST", "/_local/stripe/disputes/dp_none/close", null, "{\"status\":\"won\"}")
                .status())
        .isEqualTo(404);
    assertThat(
            api.call("POST", "/_local/stripe/disputes/dp_none/close", null, "{\"status\":\"x\"}")
                .status())
        .isEqualTo(422);
  }
}
