package fairslot.handler.booking;

import static fairslot.testing.ApiDriver.ADMIN;
import static fairslot.testing.ApiDriver.CUSTOMER;
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
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class QueuedAdmissionIT {
  private final ApiDriver api = new ApiDriver("queued");

  @AfterEach
  void seatLedgerBalances() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  private String queuedSlot(int seats) {
    String slotId = api.openSlot("SEATS", seats, 5000);
    Reply switched =
        api.send(
            "POST /slots/{slotId}/admission",
            e ->
                e.as("desk", ApiDriver.FRONTDESK)
                    .path("slotId", slotId)
                    .body("{\"admission\":\"QUEUED\"}"));
    assertThat(switched.text("admission")).isEqualTo("QUEUED");
    return slotId;
  }

  private Reply request(String user, String requestId) {
    return api.send(
        "GET /booking-requests/{requestId}",
        e -> e.as(user, CUSTOMER).path("requestId", requestId));
  }

  @Test
  void threeHundredRequestsForFortySeatsAreDecidedStrictlyInArrivalOrder() {
    String slotId = queuedSlot(40);
    List<String> requestIds = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      Reply r = api.book("member-" + i, slotId, 1);
      assertThat(r.status()).isEqualTo(202);
      assertThat(r.headers().get("location")).isEqualTo("/booking-requests/" + r.text("requestId"));
      requestIds.add(r.text("requestId"));
    }
    assertThat(api.remaining(slotId)).as("enqueueing never touches the seat counter").isEqualTo(40);

    api.bookingPoller.drain();

    for (int i = 0; i < 300; i++) {
      Reply r = request("member-" + i, requestIds.get(i));
      assertThat(r.text("status")).as("request %d", i).isEqualTo(i < 40 ? "GRANTED" : "SOLD_OUT");
      if (i < 40) {
        assertThat(api.booking("member-" + i, r.text("bookingId")).text("status"))
            .isEqualTo("PENDING_PAY");
      }
    }
    assertThat(api.remaining(slotId)).isZero();
  }

  @Test
  void aPostRetriedFiveTimesIsOneMessageOneRequestAndOneBooking() {
    String slotId = queuedSlot(5);
    List<Reply> replies = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      replies.add(
          api.send(
              "POST /bookings",
              e ->
                  e.as("u1", CUSTOMER)
                      .header("Idempotency-Key", "retry-me")
                      .body("{\"slotId\":\"" + slotId + "\",\"quantity\":1}")));
    }
    String inQueue =
        Aws.sqs()
            .getQueueAttributes(
                r ->
                    r.queueUrl(api.bookingQueueUrl)
                        .attributeNamesWithStrings("ApproximateNumberOfMessages"))
            .attributesAsStrings()
            .get("ApproximateNumberOfMessages");

    api.bookingPoller.drain();

    assertThat(replies).allSatisfy(r -> assertThat(r.status()).isEqualTo(202));
    assertThat(replies)
        .extracting(r -> r.text("requestId"))
        .containsOnly(replies.get(0).text("requestId"));
    assertThat(inQueue).isEqualTo("1");
    assertThat(SeatLedger.count(Aws.dynamo(), api.table).get(slotId).activeBookings()).isEqualTo(1);
  }

  @Test
  void aConsumerCrashAfterCommitBeforeDeleteBooksNothingTwice() {
    String slotId = queuedSlot(6);
    List<String> requestIds = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      requestIds.add(api.book("m" + i, slotId, 1).text("requestId"));
    }
    AtomicBoolean crashed = new AtomicBoolean();
    api.afterBookingBatch =
        () -> {
          if (crashed.compareAndSet(false, true)) {
            throw new IllegalStateException("killed after the DynamoDB commit, before the delete");
          }
        };

    api.bookingPoller.drain();

    assertThat(crashed).isTrue();
    var ledger = SeatLedger.count(Aws.dynamo(), api.table).get(slotId);
    assertThat(ledger.activeBookings()).isEqualTo(6);
    for (int i = 0; i < 10; i++) {
      assertThat(request("m" + i, requestIds.get(i)).text("status"))
          .isEqualTo(i < 6 ? "GRANTED" : "SOLD_OUT");
    }
  }

  @Test
  void aPoisonMessageGoesToTheDeadLetterQueueAndItsRequestIsRejectedNotLeftQueued() {
    String poisonSlot = queuedSlot(3);
    String goodSlot = queuedSlot(3);
    String poison = api.book("p", poisonSlot, 1).text("requestId");
    String good = api.book("g", goodSlot, 1).text("requestId");
    // corrupt the slot behind the poison request: every attempt to decide it throws
    Aws.dynamo()
        .updateItem(
            r ->
                r.tableName(api.table)
                    .key(
                        Map.of(
                            "PK",
                            AttributeValue.fromS("SLOT#" + poisonSlot),
                            "SK",
                            AttributeValue.fromS("SLOT")))
                    .updateExpression("REMOVE currency"));

    for (int i = 0; i < 8; i++) {
      api.bookingPoller.drain();
    }
    int deadLettered = api.bookingDlqPoller.drain();

    assertThat(request("g", good).text("status")).isEqualTo("GRANTED");
    assertThat(deadLettered).isEqualTo(1);
    Reply rejected = request("p", poison);
    assertThat(rejected.text("status")).isEqualTo("REJECTED");
    assertThat(rejected.text("code")).isEqualTo("throttled");
    Aws.dynamo()
        .updateItem(
            r ->
                r.tableName(api.table)
                    .key(
                        Map.of(
                            "PK",
                            AttributeValue.fromS("SLOT#" + poisonSlot),
                            "SK",
                            AttributeValue.fromS("SLOT")))
                    .updateExpression("SET currency = :c")
                    .expressionAttributeValues(Map.of(":c", AttributeValue.fromS("CNY"))));
  }

  @Test
  void aRequestWhoseMessageWasLostIsRedrivenByTheStaleRequestsJob() {
    String slotId = queuedSlot(2);
    String requestId = api.book("u1", slotId, 1).text("requestId");
    Aws.sqs().purgeQueue(r -> r.queueUrl(api.bookingQueueUrl));
    api.clock.advance(Duration.ofMinutes(6));

    Map<String, Object> report = new ScheduledJobHandler(api.wiring).run("stale-requests");
    api.bookingPoller.drain();

    assertThat(report).containsEntry("due", 1);
    assertThat(request("u1", requestId).text("status")).isEqualTo("GRANTED");
  }

  @Test
  void aSoldOutRequestThatAskedJoinsTheWaitlist() {
    String slotId = queuedSlot(1);
    api.book("first", slotId, 1);
    String second =
        api.send(
                "POST /bookings",
                e ->
                    e.as("second", CUSTOMER)
                        .body(
                            "{\"slotId\":\"" + slotId + "\",\"quantity\":1,\"joinWaitlist\":true}"))
            .text("requestId");

    api.bookingPoller.drain();

    Reply r = request("second", second);
    assertThat(r.text("status")).isEqualTo("SOLD_OUT");
    assertThat(r.text("waitlistEntryId")).isNotNull();
    assertThat(
            api.send(
                    "GET /slots/{slotId}/waitlist/me",
                    e -> e.as("second", CUSTOMER).path("slotId", slotId))
                .json()
                .get("position")
                .asInt())
        .isEqualTo(1);
  }

  @Test
  void badQueuedRequestsAreRefusedAtOnceAndOthersRequestsAreNotFound() {
    String slotId = queuedSlot(3);
    Reply tooMany = api.book("u1", slotId, 9);
    String mine = api.book("u1", slotId, 1).text("requestId");

    assertThat(tooMany.status()).isEqualTo(422);
    assertThat(request("u2", mine).status()).isEqualTo(404);
    assertThat(
            api.send(
                    "POST /slots/{slotId}/admission",
                    e ->
                        e.as("u1", CUSTOMER)
                            .path("slotId", slotId)
                            .body("{\"admission\":\"DIRECT\"}"))
                .status())
        .isEqualTo(403);
    assertThat(
            api.send(
                    "POST /slots/{slotId}/admission",
                    e ->
                        e.as("a", ADMIN).path("slotId", slotId).body("{\"admission\":\"LOTTERY\"}"))
                .status())
        .isEqualTo(422);
  }
}
