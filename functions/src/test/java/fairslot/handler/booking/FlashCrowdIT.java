package fairslot.handler.booking;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Real races: hundreds of threads released at once through the handler into the emulator, then a
 * recount of the seat ledger from raw items.
 */
class FlashCrowdIT {
  private final ApiDriver api = new ApiDriver("crowd");

  @Test
  void fourHundredMembersRaceForTwentyFiveSeatsAndExactlyTwentyFiveWin() throws Exception {
    String slotId = api.openSlot("SEATS", 25, 8000);

    List<Reply> replies = race(400, i -> () -> api.book("member-" + i, slotId, 1));

    Map<Integer, Long> byStatus =
        replies.stream().collect(Collectors.groupingBy(Reply::status, Collectors.counting()));
    assertThat(byStatus).containsOnlyKeys(201, 409);
    assertThat(byStatus.get(201)).isEqualTo(25);
    assertThat(replies.stream().filter(r -> r.status() == 409).map(r -> r.text("code")).distinct())
        .containsExactly("sold_out");
    var ledger = SeatLedger.count(Aws.dynamo(), api.table).get(slotId);
    assertThat(ledger.remaining()).isZero();
    assertThat(ledger.activeBookings()).isEqualTo(25);
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  @Test
  void oneMemberFiringTwentyParallelRequestsGetsOneBooking() throws Exception {
    String slotId = api.openSlot("SEATS", 10, 8000);

    List<Reply> replies = race(20, i -> () -> api.book("eager", slotId, 1));

    assertThat(replies).filteredOn(r -> r.status() == 201).hasSize(1);
    assertThat(replies)
        .filteredOn(r -> r.status() != 201)
        .allSatisfy(r -> assertThat(r.text("code")).isEqualTo("already_booked"));
    var ledger = SeatLedger.count(Aws.dynamo(), api.table).get(slotId);
    assertThat(ledger.activeBookings()).isEqualTo(1);
    assertThat(ledger.remaining()).isEqualTo(9);
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  @Test
  void oneMemberRacingForTwoOverlappingSlotsGetsOnlyOne() throws Exception {
    String a = api.openSlot("SEATS", 10, 8000);
    // same start and length, another venue and resource: the member calendar is the only guard
    String b = api.openSlot("SEATS", 10, 8000);

    List<Reply> replies = race(20, i -> () -> api.book("double", i % 2 == 0 ? a : b, 1));

    assertThat(replies).filteredOn(r -> r.status() == 201).hasSize(1);
    assertThat(replies)
        .filteredOn(r -> r.status() != 201)
        .extracting(r -> r.text("code"))
        .containsOnly("already_booked", "time_conflict");
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  @Test
  void concurrentBookingsAndCancellationsKeepTheLedgerBalanced() throws Exception {
    String slotId = api.openSlot("SEATS", 15, 8000);
    List<String> firstWave =
        race(15, i -> () -> api.book("early-" + i, slotId, 1)).stream()
            .map(r -> r.text("bookingId"))
            .toList();

    race(
        60,
        i ->
            i < 15
                ? () ->
                    api.send(
                        "POST /bookings/{bookingId}/cancel",
                        e ->
                            e.as("early-" + i, ApiDriver.CUSTOMER)
                                .path("bookingId", firstWave.get(i)))
                : () -> api.book("late-" + i, slotId, 1));

    var ledger = SeatLedger.count(Aws.dynamo(), api.table).get(slotId);
    assertThat(ledger.activeBookings()).isEqualTo(15 - ledger.remaining());
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  @Test
  void aCrowdOnASlotFullOfLapsedHoldsReclaimsThemOnceAndNeverOversells() throws Exception {
    String slotId = api.openSlot("SEATS", 10, 8000);
    List<String> holds =
        race(10, i -> () -> api.book("holder-" + i, slotId, 1)).stream()
            .map(r -> r.text("bookingId"))
            .toList();
    api.clock.advance(
        java.time.Duration.ofMinutes(16)); // every hold is past its 15-minute deadline

    List<Reply> crowd = race(100, i -> () -> api.book("late-" + i, slotId, 1));

    long granted = crowd.stream().filter(r -> r.status() == 201).count();
    assertThat(crowd).allSatisfy(r -> assertThat(r.status()).as(r.toString()).isIn(201, 409));
    // One request reclaims the lapsed holds; whoever comes after it may take the freed seats.
    assertThat(granted).isBetween(1L, 10L);
    for (int i = 0; i < holds.size(); i++) {
      assertThat(api.booking("holder-" + i, holds.get(i)).text("status")).isEqualTo("EXPIRED");
    }
    var ledger = SeatLedger.count(Aws.dynamo(), api.table).get(slotId);
    assertThat(ledger.activeBookings()).isEqualTo((int) granted);
    assertThat(ledger.remaining()).isEqualTo(10 - (int) granted);
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  /**
   * Runs {@code n} calls on {@code n} threads released by one latch; returns replies in index
   * order.
   */
  static List<Reply> race(int n, IntFunction<java.util.concurrent.Callable<Reply>> call)
      throws Exception {
    return fairslot.testing.Race.all(n, call);
  }
}
