package fairslot.handler.booking;

import static fairslot.testing.ApiDriver.ADMIN;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.handler.ScheduledJobHandler;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Minimum participants through the handlers, raced: 100 bookings and cancels land while two runs of
 * decide-minimums decide the slot at once. The decision is made once, and every booking ends in a
 * confirmed slot or released (cancelled or refunded) with one SLOT_CANCELLED notice, recounted from
 * the raw items.
 */
class MinimumRaceIT {
  private static final Set<String> ACTIVE = Set.of("PENDING_PAY", "PAID");
  private static final Set<String> RELEASED =
      Set.of("CANCELLED", "EXPIRED", "REFUNDING", "REFUNDED");
  private final ApiDriver api = new ApiDriver("minimum");

  @AfterEach
  void seatLedgerBalances() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  /** A class of 100 seats tomorrow at 40.00 CNY, needing {@code min} taken two hours before. */
  private String classNeeding(int min) {
    String venue = api.venue("Asia/Shanghai", "{}");
    String resource = api.resource(venue, "SEATS", 100);
    Instant start = api.clock.instant().plus(Duration.ofDays(1));
    Reply r =
        api.send(
            "POST /slots",
            e ->
                e.as("admin-1", ADMIN)
                    .body(
                        "{\"resourceId\":\""
                            + resource
                            + "\",\"start\":\""
                            + start
                            + "\",\"end\":\""
                            + start.plus(Duration.ofHours(1))
                            + "\",\"priceMinor\":4000,\"currency\":\"CNY\",\"minParticipants\":"
                            + min
                            + ",\"decideBefore\":\"PT2H\"}"));
    ApiDriver.expect(r, 201);
    assertThat(r.json().get("minParticipants").asInt()).isEqualTo(min);
    assertThat(r.json().get("confirmed").asBoolean()).isFalse();
    return r.text("slotId");
  }

  private List<Map<String, AttributeValue>> items(String type, String slotId) {
    return Aws.dynamo()
        .scanPaginator(r -> r.tableName(api.table).consistentRead(true))
        .items()
        .stream()
        .filter(i -> i.get("type") != null && i.get("type").s().equals(type))
        .filter(i -> i.get("slotId") != null && i.get("slotId").s().equals(slotId))
        .toList();
  }

  /**
   * {@code before} members hold seats (the first ten paid); then {@code cancels} of them cancel
   * while {@code books} new members book and two decide-minimums runs start at the decision time.
   */
  private void race(String slotId, int before, int cancels, int books) throws Exception {
    // The seats are taken shortly before the decision, so the holds are still running at it.
    api.clock.advance(Duration.ofHours(21).plusMinutes(55));
    List<String> held = new ArrayList<>();
    for (int i = 0; i < before; i++) {
      String user = "m" + i;
      held.add(
          i < 10 ? api.paidBooking(user, slotId) : api.book(user, slotId, 1).text("bookingId"));
    }
    api.clock.advance(Duration.ofMinutes(5)); // the decision is due
    ExecutorService pool = Executors.newFixedThreadPool(cancels + books + 2);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<?>> racers = new ArrayList<>();
    List<Future<Map<String, Object>>> runs = new ArrayList<>();
    for (int i = 0; i < cancels; i++) {
      String user = "m" + (before - 1 - i);
      String bookingId = held.get(before - 1 - i);
      racers.add(pool.submit(() -> await(go, () -> api.cancel(user, bookingId))));
    }
    for (int i = 0; i < books; i++) {
      String user = "n" + i;
      racers.add(pool.submit(() -> await(go, () -> api.book(user, slotId, 1))));
    }
    for (int i = 0; i < 2; i++) {
      runs.add(
          pool.submit(
              () -> await(go, () -> new ScheduledJobHandler(api.wiring).run("decide-minimums"))));
    }
    go.countDown();
    for (Future<?> f : racers) {
      Reply r = (Reply) f.get(120, TimeUnit.SECONDS);
      assertThat(r.status()).as(r.toString()).isIn(200, 201, 409);
    }
    int changed = 0;
    for (Future<Map<String, Object>> run : runs) {
      changed += (Integer) run.get(120, TimeUnit.SECONDS).get("changed");
    }
    pool.shutdown();
    assertThat(changed).as("the decision is made by one run").isEqualTo(1);
    // A late run finds nothing left to decide; finish-cancels has nothing to finish.
    assertThat(new ScheduledJobHandler(api.wiring).run("decide-minimums").get("due")).isEqualTo(0);
  }

  private static <T> T await(CountDownLatch go, java.util.concurrent.Callable<T> call)
      throws Exception {
    go.await();
    return call.call();
  }

  /** Every booking of the slot ended as the decision says, each released one told once. */
  private String assertSettled(String slotId) {
    Map<String, AttributeValue> slot =
        Aws.dynamo()
            .getItem(
                r ->
                    r.tableName(api.table)
                        .consistentRead(true)
                        .key(
                            Map.of(
                                "PK",
                                AttributeValue.fromS("SLOT#" + slotId),
                                "SK",
                                AttributeValue.fromS("SLOT"))))
            .item();
    String decision = slot.get("minDecision").s();
    assertThat(decision).isIn("CONFIRMED", "UNDER_MINIMUM");
    assertThat(slot).doesNotContainKey("cancelDueShard");
    Map<String, Integer> told = new HashMap<>();
    for (Map<String, AttributeValue> n : items("NOTIFICATION", slotId)) {
      if (n.get("kind").s().equals("SLOT_CANCELLED")) {
        told.merge(n.get("ref").s(), 1, Integer::sum);
      }
    }
    List<Map<String, AttributeValue>> bookings = items("BOOKING", slotId);
    assertThat(bookings).isNotEmpty();
    for (Map<String, AttributeValue> b : bookings) {
      String status = b.get("status").s();
      String id = b.get("bookingId").s();
      if (decision.equals("CONFIRMED")) {
        // Active, or ended by its member (a cancel) or its hold's deadline, never by the slot.
        assertThat(status).as(id).isIn("PENDING_PAY", "PAID", "CANCELLED", "EXPIRED");
        assertThat(told).as(id).doesNotContainKey(id);
      } else {
        assertThat(status).as(id).isIn(RELEASED);
        assertThat(status).as(id).isNotIn(ACTIVE);
        // Members who cancelled themselves before the decision are not told of the slot's cancel.
        assertThat(told.getOrDefault(id, 0)).as(id).isLessThanOrEqualTo(1);
      }
    }
    if (decision.equals("UNDER_MINIMUM")) {
      assertThat(slot.get("status").s()).isEqualTo("CANCELLED");
      assertThat(told.values()).isNotEmpty().allMatch(c -> c == 1);
    } else {
      assertThat(slot.get("status").s()).isEqualTo("OPEN");
    }
    return decision;
  }

  @Test
  void bookingsAndCancelsRacingTheDecisionEachEndConfirmedOrReleasedOnce() throws Exception {
    String atTheEdge = classNeeding(50);
    race(atTheEdge, 50, 50, 50);
    assertSettled(atTheEdge);
  }

  @Test
  void aSlotShortOfItsMinimumIsCancelledOnceEvenWithTwoRunsAtOnce() throws Exception {
    String shortSlot = classNeeding(90);
    race(shortSlot, 30, 10, 0);

    assertThat(assertSettled(shortSlot)).isEqualTo("UNDER_MINIMUM");
    assertThat(items("BOOKING", shortSlot))
        .filteredOn(b -> b.get("bookingId") != null)
        .allSatisfy(b -> assertThat(b.get("status").s()).isIn(RELEASED));
    assertThat(api.slot(shortSlot).json().get("minimumDecision").asText())
        .isEqualTo("UNDER_MINIMUM");
  }

  @Test
  void aSlotThatReachesItsMinimumIsConfirmedOnceAndSeenConfirmed() throws Exception {
    String full = classNeeding(20);
    race(full, 40, 10, 10);

    assertThat(assertSettled(full)).isEqualTo("CONFIRMED");
    assertThat(api.slot(full).json().get("confirmed").asBoolean()).isTrue();
  }
}
