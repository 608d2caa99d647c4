package fairslot.handler.booking;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.definitions.Fairslot;
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
import software.amazon.awssdk.services.sqs.model.Message;

class HoldExpiryIT {
  private final ApiDriver api = new ApiDriver("holds");

  @AfterEach
  void seatLedgerBalances() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  @Test
  void sweepExpiresDueHoldsOnlyAndReturnsTheirSeats() {
    String slotId = api.openSlot("SEATS", 5, 1000);
    String early = api.book("u1", slotId, 2).text("bookingId");
    api.clock.advance(Duration.ofMinutes(10));
    String late = api.book("u2", slotId, 1).text("bookingId");
    api.clock.advance(Duration.ofMinutes(6)); // early's 15 min are over, late's are not

    Map<String, Object> report = new ScheduledJobHandler(api.wiring).run("sweep-holds");

    assertThat(report)
        .containsEntry("due", 1)
        .containsEntry("changed", 1)
        .containsEntry("itemsRead", 1);
    assertThat(api.booking("u1", early).text("status")).isEqualTo("EXPIRED");
    assertThat(api.booking("u2", late).text("status")).isEqualTo("PENDING_PAY");
    assertThat(api.remaining(slotId)).isEqualTo(4);
  }

  @Test
  void sweepingTwiceReturnsTheSeatOnce() {
    String slotId = api.openSlot("SEATS", 3, 1000);
    api.book("u1", slotId, 1);
    api.clock.advance(Duration.ofMinutes(16));

    new ScheduledJobHandler(api.wiring).run("sweep-holds");
    Map<String, Object> again = new ScheduledJobHandler(api.wiring).run("sweep-holds");

    assertThat(again).containsEntry("due", 0);
    assertThat(api.remaining(slotId)).isEqualTo(3);
  }

  @Test
  void aHoldPastItsDeadlineReadsExpiredAndCannotBePaid() {
    String slotId = api.openSlot("SEATS", 3, 1000);
    String bookingId = api.book("u1", slotId, 1).text("bookingId");
    api.clock.advance(Duration.ofMinutes(15));

    Reply read = api.booking("u1", bookingId);
    Reply pay = api.pay("u1", bookingId);

    assertThat(read.text("status")).isEqualTo("EXPIRED");
    assertThat(pay.status()).isEqualTo(409);
    assertThat(pay.text("code")).isEqualTo("hold_expired");
  }

  @Test
  void aBookingThatFindsTheSlotSoldOutReclaimsLapsedHoldsAndGetsTheSeat() {
    String slotId = api.openSlot("EXCLUSIVE", 1, 1000);
    String lapsed = api.book("u1", slotId, 1).text("bookingId");
    api.clock.advance(Duration.ofMinutes(15).plusSeconds(1));

    Reply second = api.book("u2", slotId, 1);

    assertThat(second.status()).isEqualTo(201);
    assertThat(api.booking("u1", lapsed).text("status")).isEqualTo("EXPIRED");
    assertThat(api.remaining(slotId)).isZero();
  }

  @Test
  void everyReleaseIsAnnouncedAsSeatReleasedOnTheBus() throws Exception {
    String queueUrl = captureSeatReleased();
    String slotId = api.openSlot("SEATS", 4, 1000);
    String cancelled = api.book("u1", slotId, 2).text("bookingId");
    api.book("u2", slotId, 1);
    api.cancel("u1", cancelled);
    api.clock.advance(Duration.ofMinutes(16));
    new ScheduledJobHandler(api.wiring).run("sweep-holds");

    List<Map<String, Object>> details = drain(queueUrl, 2);

    assertThat(details)
        .extracting(d -> d.get("reason"))
        .containsExactlyInAnyOrder("CANCELLED", "EXPIRED");
    assertThat(details).allSatisfy(d -> assertThat(d.get("slotId")).isEqualTo(slotId));
    assertThat(details).extracting(d -> d.get("quantity")).containsExactlyInAnyOrder(2, 1);
    assertThat(details)
        .extracting(d -> d.get("eventId"))
        .containsExactlyInAnyOrder(
            "release:" + cancelled,
            details.stream()
                .map(d -> (String) d.get("eventId"))
                .filter(id -> !id.equals("release:" + cancelled))
                .findFirst()
                .orElse("missing"));
  }

  /** A rule on this test's bus that copies SeatReleased events into a queue the test can read. */
  private String captureSeatReleased() {
    String queueUrl = Aws.sqs().createQueue(r -> r.queueName(api.bus + "-capture")).queueUrl();
    String queueArn =
        Aws.sqs()
            .getQueueAttributes(r -> r.queueUrl(queueUrl).attributeNamesWithStrings("QueueArn"))
            .attributesAsStrings()
            .get("QueueArn");
    Aws.events()
        .putRule(
            r ->
                r.name("capture")
                    .eventBusName(api.bus)
                    .eventPattern(
                        "{\"source\":[\""
                            + Fairslot.EVENT_SOURCE
                            + "\"],\"detail-type\":[\""
                            + Fairslot.SEAT_RELEASED
                            + "\"]}"));
    Aws.events()
        .putTargets(
            r -> r.rule("capture").eventBusName(api.bus).targets(t -> t.id("queue").arn(queueArn)));
    return queueUrl;
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> drain(String queueUrl, int expected) throws Exception {
    List<Map<String, Object>> details = new ArrayList<>();
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (details.size() < expected && System.nanoTime() < deadline) {
      for (Message m :
          Aws.sqs().receiveMessage(r -> r.queueUrl(queueUrl).maxNumberOfMessages(10)).messages()) {
        Map<String, Object> envelope = fairslot.shared.Json.mapper().readValue(m.body(), Map.class);
        details.add((Map<String, Object>) envelope.get("detail"));
      }
    }
    return details;
  }
}
