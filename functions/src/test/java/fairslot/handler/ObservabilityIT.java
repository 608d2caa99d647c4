package fairslot.handler;

import static fairslot.testing.ApiDriver.ADMIN;
import static fairslot.testing.ApiDriver.CUSTOMER;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.EmfLines;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 18: what a booking, its payment, a waitlist offer and a reconcile leave in CloudWatch (EMF
 * metric lines, checked against the specification), and one request followed across the API, the
 * booking queue's consumer and the waitlist's consumer by its requestId.
 */
class ObservabilityIT {
  private final ApiDriver api = new ApiDriver("observe");
  private final EmfLines lines = new EmfLines();

  @AfterEach
  void ledgersBalance() throws Exception {
    lines.close();
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  private static List<JsonNode> ofRequest(List<JsonNode> lines, String requestId) {
    return lines.stream().filter(l -> requestId.equals(l.path("requestId").asText())).toList();
  }

  @Test
  void aBookingAndItsPaymentEmitTheirMetricsUnderTheirRequests() {
    String slotId = api.openSlot("SEATS", 3, 4000);
    Reply booked = api.book("u1", slotId, 1);
    String requestId = booked.headers().get("x-request-id");
    String venueId = api.slot(slotId).json().path("venueId").asText();
    String paymentNo = api.pay("u1", booked.text("bookingId")).text("paymentNo");
    api.provider.report(paymentNo, "SUCCEEDED");

    List<JsonNode> mine = ofRequest(lines.metrics(), requestId);
    assertThat(mine)
        .anySatisfy(
            l -> {
              assertThat(l.path("BookingsGranted").asLong()).isEqualTo(1);
              assertThat(l.path("Venue").asText()).isEqualTo(venueId);
              assertThat(l.path("bookingId").asText()).isEqualTo(booked.text("bookingId"));
            })
        .anySatisfy(
            l -> {
              assertThat(l.path("Route").asText()).isEqualTo("POST /bookings");
              assertThat(l.path("Requests").asLong()).isEqualTo(1);
              assertThat(l.path("Responses5xx").asLong()).isZero();
              assertThat(l.path("Latency").isNumber()).isTrue();
            });
    assertThat(ofRequest(lines.logs("request"), requestId))
        .singleElement()
        .satisfies(l -> assertThat(l.path("status").asInt()).isEqualTo(201));
    Reply read = api.booking("u1", booked.text("bookingId"));
    assertThat(ofRequest(lines.logs("request"), read.headers().get("x-request-id")))
        .singleElement()
        .satisfies(
            l -> {
              assertThat(l.path("bookingId").asText()).isEqualTo(booked.text("bookingId"));
              assertThat(l.path("route").asText()).isEqualTo("GET /bookings/{bookingId}");
            });
    assertThat(lines.withMetric("PaymentCallbacks"))
        .anySatisfy(
            l -> {
              assertThat(l.path("Outcome").asText()).isEqualTo("SUCCEEDED");
              assertThat(l.path("paymentNo").asText()).isEqualTo(paymentNo);
            });
  }

  @Test
  void noLogOrMetricLineCarriesAMembersEmailOrPhone() {
    String email = "private-" + java.util.UUID.randomUUID() + "@example.com";
    String phone = "+8613" + (100_000_000L + new java.util.Random().nextInt(800_000_000));
    ApiDriver.expect(
        api.send(
            "PUT /me/profile",
            e ->
                e.as("p1", CUSTOMER)
                    .body(
                        "{\"email\":\""
                            + email
                            + "\",\"phone\":\""
                            + phone
                            + "\",\"channels\":[\"EMAIL\",\"SMS\"]}")),
        200);
    ApiDriver.expect(fairslot.testing.Contacts.proveEmail(api, "p1", email), 200);
    ApiDriver.expect(fairslot.testing.Contacts.provePhone(api, "p1", phone), 200);
    api.book("p1", api.openSlot("SEATS", 2, 0), 1); // free: confirmed, so e-mailed and texted
    new ScheduledJobHandler(api.wiring).run("send-notifications");
    api.send("GET /me/profile", e -> e.as("p1", CUSTOMER));

    assertThat(fairslot.testing.Mailbox.emailsTo(email)).hasSize(1);
    assertThat(lines.all()).isNotEmpty();
    assertThat(lines.all().stream().map(JsonNode::toString))
        .noneMatch(l -> l.contains(email) || l.contains(phone));
  }

  @Test
  void aRefusalIsCountedByItsCode() {
    String slotId = api.openSlot("SEATS", 1, 4000);
    api.book("u1", slotId, 1);
    Reply soldOut = api.book("u2", slotId, 1);

    assertThat(ofRequest(lines.withMetric("Refusals"), soldOut.headers().get("x-request-id")))
        .singleElement()
        .satisfies(l -> assertThat(l.path("Code").asText()).isEqualTo("sold_out"));
  }

  @Test
  void aWaitlistOfferAndAReconcileRunEmitTheirMetrics() {
    String slotId = api.openSlot("SEATS", 1, 4000);
    String held = api.book("holder", slotId, 1).text("bookingId");
    api.send("POST /slots/{slotId}/waitlist", e -> e.as("w1", CUSTOMER).path("slotId", slotId));
    Reply cancel = api.cancel("holder", held);
    api.deliverSeatReleased();
    String entryId =
        api.send(
                "GET /slots/{slotId}/waitlist/me", e -> e.as("w1", CUSTOMER).path("slotId", slotId))
            .text("entryId");
    Reply accepted =
        api.send(
            "POST /waitlist/{entryId}/accept", e -> e.as("w1", CUSTOMER).path("entryId", entryId));
    Reply reconcile = api.send("POST /admin/reconcile", e -> e.as("admin-1", ADMIN).body("{}"));

    assertThat(ofRequest(lines.withMetric("OffersMade"), cancel.headers().get("x-request-id")))
        .singleElement()
        .satisfies(
            l -> {
              assertThat(l.path("OffersMade").asLong()).isEqualTo(1);
              assertThat(l.path("slotId").asText()).isEqualTo(slotId);
            });
    assertThat(
            ofRequest(lines.withMetric("OffersAccepted"), accepted.headers().get("x-request-id")))
        .singleElement()
        .satisfies(
            l -> assertThat(l.path("bookingId").asText()).isEqualTo(accepted.text("bookingId")));
    assertThat(
            ofRequest(
                lines.withMetric("ReconcileSlotsChecked"), reconcile.headers().get("x-request-id")))
        .singleElement()
        .satisfies(
            l -> {
              assertThat(l.path("ReconcileSlotsChecked").asLong()).isEqualTo(1);
              assertThat(l.path("ReconcileDeviations").asLong()).isZero();
            });
  }

  @Test
  void theDailyReconcileReportsItsRunAndTheFinanceExceptionsOpenForOverADay() {
    String slotId = api.openSlot("SEATS", 3, 4000);
    String bookingId = api.book("u1", slotId, 1).text("bookingId");
    String paymentNo = api.pay("u1", bookingId).text("paymentNo");
    api.webhook(ApiDriver.callbackBody("evt-short", paymentNo, bookingId, 1, "SUCCEEDED"));
    api.clock.advance(Duration.ofDays(2)); // the wrong amount's exception, left open two days

    new ScheduledJobHandler(api.wiring).run("reconcile");

    assertThat(lines.withMetric("FinanceExceptionsOpenOverADay"))
        .last()
        .satisfies(l -> assertThat(l.path("FinanceExceptionsOpenOverADay").asLong()).isEqualTo(1));
    assertThat(lines.withMetric("JobDuration"))
        .anySatisfy(
            l -> {
              assertThat(l.path("Job").asText()).isEqualTo("reconcile");
              assertThat(l.path("JobDue").asLong()).isGreaterThanOrEqualTo(1);
            });
  }

  @Test
  void oneBookingRequestsIdRunsThroughTheApiTheQueueConsumerAndTheWaitlistConsumer() {
    String slotId = api.openSlot("SEATS", 1, 4000);
    api.send(
        "POST /slots/{slotId}/admission",
        e ->
            e.as("desk", ApiDriver.FRONTDESK)
                .path("slotId", slotId)
                .body("{\"admission\":\"QUEUED\"}"));
    api.book("x", slotId, 1);
    api.bookingPoller.drain(); // x holds the one seat, unpaid
    api.clock.advance(Duration.ofMinutes(16)); // and the hold lapses

    Reply queued = api.book("m", slotId, 1);
    String requestId = queued.headers().get("x-request-id");
    api.bookingPoller.drain(); // m's request reclaims x's lapsed hold, releasing its seat
    api.deliverSeatReleased();

    assertThat(queued.status()).isEqualTo(202);
    List<JsonNode> story = ofRequest(lines.all(), requestId);
    assertThat(story).anySatisfy(l -> assertThat(l.path("message").asText()).isEqualTo("request"));
    assertThat(story)
        .anySatisfy(
            l ->
                assertThat(l.path("message").asText())
                    .isEqualTo("queued booking request processed"));
    assertThat(story)
        .anySatisfy(l -> assertThat(l.path("message").asText()).isEqualTo("seat released handled"));
  }
}
