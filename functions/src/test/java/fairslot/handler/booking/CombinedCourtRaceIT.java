package fairslot.handler.booking;

import static fairslot.testing.ApiDriver.ADMIN;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Combined resources raced through the handlers: members racing for a full court and its two halves
 * at the same hour, cancels racing new bookings, and the full court's slot created while its half
 * is being booked. Each end is recounted from the raw items: never a half and the full court held
 * together, no seat lost (the seat ledger balances), no 5xx.
 */
class CombinedCourtRaceIT {
  private final ApiDriver api = new ApiDriver("combrace");
  private final String venueId = api.venue("UTC", "{}");
  private final Instant tomorrow =
      api.clock.instant().plus(Duration.ofDays(1)).truncatedTo(java.time.temporal.ChronoUnit.DAYS);
  private final String halfA = court("{\"name\":\"Half A\",\"kind\":\"EXCLUSIVE\"}");
  private final String halfB = court("{\"name\":\"Half B\",\"kind\":\"EXCLUSIVE\"}");
  private final String full =
      court(
          "{\"name\":\"Full court\",\"kind\":\"EXCLUSIVE\",\"parts\":[\""
              + halfA
              + "\",\""
              + halfB
              + "\"]}");

  @AfterEach
  void ledgerBalancesAndNoSpaceIsSoldTwice() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  private String court(String body) {
    Reply r =
        api.send(
            "POST /venues/{venueId}/resources",
            e -> e.as("admin-1", ADMIN).path("venueId", venueId).body(body));
    ApiDriver.expect(r, 201);
    return r.text("resourceId");
  }

  private Reply createSlot(String resourceId, int hour) {
    Instant start = tomorrow.plus(Duration.ofHours(hour));
    return api.send(
        "POST /slots",
        e ->
            e.as("admin-1", ADMIN)
                .body(
                    "{\"resourceId\":\""
                        + resourceId
                        + "\",\"start\":\""
                        + start
                        + "\",\"end\":\""
                        + start.plus(Duration.ofHours(1))
                        + "\",\"priceMinor\":5000,\"currency\":\"CNY\"}"));
  }

  private String slot(String resourceId, int hour) {
    Reply r = createSlot(resourceId, hour);
    ApiDriver.expect(r, 201);
    return r.text("slotId");
  }

  /** Runs every call at once; returns their answers in order. */
  private static List<Reply> race(List<Callable<Reply>> calls) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(calls.size());
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Reply>> running = new ArrayList<>();
    for (Callable<Reply> call : calls) {
      running.add(
          pool.submit(
              () -> {
                go.await();
                return call.call();
              }));
    }
    go.countDown();
    List<Reply> replies = new ArrayList<>();
    for (Future<Reply> f : running) {
      replies.add(f.get(180, TimeUnit.SECONDS));
    }
    pool.shutdown();
    return replies;
  }

  private int active(String slotId) {
    return SeatLedger.activeBookingIds(Aws.dynamo(), api.table, slotId).size();
  }

  @Test
  void aHundredMembersRacingForAFullCourtAndItsHalvesGetTheWholeOrTheHalvesNeverBoth()
      throws Exception {
    for (int hour : new int[] {10, 11}) {
      String a = slot(halfA, hour);
      String f = slot(full, hour);
      String b = slot(halfB, hour);
      List<Callable<Reply>> calls = new ArrayList<>();
      for (int i = 0; i < 100; i++) {
        String user = "h" + hour + "-m" + i;
        String target = i % 3 == 0 ? f : i % 3 == 1 ? a : b;
        calls.add(() -> api.book(user, target, 1));
      }

      List<Reply> replies = race(calls);

      assertThat(replies).allSatisfy(r -> assertThat(r.status()).as(r.body()).isIn(201, 409));
      long created = replies.stream().filter(r -> r.status() == 201).count();
      Map<String, Integer> held = Map.of("full", active(f), "A", active(a), "B", active(b));
      assertThat(held)
          .as("the whole, or both halves: a half alone is never left unsold beside a refusal")
          .isIn(Map.of("full", 1, "A", 0, "B", 0), Map.of("full", 0, "A", 1, "B", 1));
      assertThat(created).isEqualTo(held.values().stream().mapToInt(Integer::intValue).sum());
      assertThat(List.of(api.remaining(a), api.remaining(b), api.remaining(f))).containsOnly(0);
    }
  }

  @Test
  void cancelsRacingNewBookingsNeverLeaveTheSpaceSoldTwice() throws Exception {
    String a = slot(halfA, 14);
    String b = slot(halfB, 14);
    String f = slot(full, 14);
    String bookingA = api.book("holder-a", a, 1).text("bookingId");
    String bookingB = api.book("holder-b", b, 1).text("bookingId");
    List<Callable<Reply>> calls = new ArrayList<>();
    calls.add(() -> api.cancel("holder-a", bookingA));
    calls.add(() -> api.cancel("holder-b", bookingB));
    for (int i = 0; i < 98; i++) {
      String user = "m" + i;
      String target = i % 2 == 0 ? f : i % 4 == 1 ? a : b;
      calls.add(() -> api.book(user, target, 1));
    }

    List<Reply> replies = race(calls);

    assertThat(replies).allSatisfy(r -> assertThat(r.status()).as(r.body()).isIn(200, 201, 409));
    assertThat(replies.subList(0, 2)).allSatisfy(r -> assertThat(r.status()).isEqualTo(200));
    int whole = active(f);
    int halves = active(a) + active(b);
    assertThat(whole).isBetween(0, 1);
    assertThat(halves).isBetween(0, 2);
    assertThat(whole * halves).as("the whole and a half held together").isZero();
    assertThat(whole + halves).as("the space was freed and someone took it").isPositive();
  }

  @Test
  void aFullCourtSlotCreatedWhileItsHalfIsBookedIsLinkedAndRefusesBookings() throws Exception {
    for (int hour : new int[] {16, 17}) {
      String a = slot(halfA, hour);
      List<Callable<Reply>> calls = new ArrayList<>();
      calls.add(() -> createSlot(full, hour));
      for (int i = 0; i < 30; i++) {
        String user = "h" + hour + "-m" + i;
        calls.add(() -> api.book(user, a, 1));
      }

      List<Reply> replies = race(calls);

      assertThat(replies).allSatisfy(r -> assertThat(r.status()).as(r.body()).isIn(201, 409));
      ApiDriver.expect(replies.get(0), 201);
      String f = replies.get(0).text("slotId");
      assertThat(active(a)).isEqualTo(1);
      assertThat(api.remaining(f)).isZero();
      Reply late = api.book("late-" + hour, f, 1);
      assertThat(late.status()).as(late.body()).isEqualTo(409);
      assertThat(late.text("code")).isEqualTo("sold_out");
    }
  }

  /** A booking made and cancelled: the slot's facts are in this container's cache as they are. */
  private void warm(String user, String slotId) {
    String warm = api.book(user, slotId, 1).text("bookingId");
    ApiDriver.expect(api.cancel(user, warm), 200);
  }

  /**
   * The half's facts are in this container's cache from before the full court's slot existed: a
   * booking of the half made from them must still check the full court (its links moved since).
   */
  @Test
  void bookingsOfAHalfReadBeforeTheFullCourtsSlotExistedStillCheckIt() throws Exception {
    String a = slot(halfA, 20);
    warm("warm", a);
    String f = slot(full, 20);
    ApiDriver.expect(api.book("whole", f, 1), 201);
    List<Callable<Reply>> calls = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      String user = "m" + i;
      calls.add(() -> api.book(user, a, 1));
    }

    List<Reply> replies = race(calls);

    assertThat(replies)
        .allSatisfy(
            r -> {
              assertThat(r.status()).as(r.body()).isEqualTo(409);
              assertThat(r.text("code")).isEqualTo("sold_out");
            });
    assertThat(active(a)).isZero();
    assertThat(active(f)).isEqualTo(1);
  }

  /** As above, with the half and the whole booked at the same moment. */
  @Test
  void aHalfAndTheWholeBookedAtOnceFromCachedFactsAreSoldOnce() throws Exception {
    for (int hour : new int[] {21, 22}) {
      String a = slot(halfA, hour);
      warm("warm-a" + hour, a);
      String f = slot(full, hour);
      warm("warm-f" + hour, f);
      List<Callable<Reply>> calls = new ArrayList<>();
      for (int i = 0; i < 60; i++) {
        String user = "h" + hour + "-m" + i;
        String target = i % 2 == 0 ? a : f;
        calls.add(() -> api.book(user, target, 1));
      }

      List<Reply> replies = race(calls);

      assertThat(replies).allSatisfy(r -> assertThat(r.status()).as(r.body()).isIn(201, 409));
      assertThat(active(a) + active(f)).as("the half or the whole, once").isEqualTo(1);
    }
  }
}
