package fairslot.handler.booking;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.Faults;
import fairslot.testing.Race;
import fairslot.testing.SeatLedger;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The flash crowd on AWS as it behaves under stress (FAIRSLOT_FAULTS: in-flight conflicts,
 * throttling, 500s, lost responses): clients that retry 503s with the same key still end with
 * exactly the seats there are, every answer one of the contract's, and a ledger recounted from raw
 * items that balances.
 */
class FaultyCrowdIT {
  private final ApiDriver api = new ApiDriver("faulty");

  @AfterEach
  void faultsOff() {
    Faults.off();
  }

  @Test
  void fourHundredRetryingClientsOnTwentyFiveSeatsUnderFaultsGetExactlyTwentyFive()
      throws Exception {
    String slotId = api.openSlot("SEATS", 25, 8000);
    Faults.on(Faults.STRESS);

    List<Reply> replies =
        Race.all(
            400,
            i ->
                () ->
                    Faults.retrying(
                        () ->
                            api.send(
                                "POST /bookings",
                                e ->
                                    e.as("member-" + i, ApiDriver.CUSTOMER)
                                        .header("Idempotency-Key", "crowd-" + i)
                                        .body("{\"slotId\":\"" + slotId + "\",\"quantity\":1}"))));
    Map<String, Long> injected = Faults.injected();
    Faults.off();

    Map<Integer, Long> byStatus =
        replies.stream().collect(Collectors.groupingBy(Reply::status, Collectors.counting()));
    System.out.println("faulty crowd: " + byStatus + " faults " + injected);
    assertThat(byStatus).as(byStatus + " with faults " + injected).containsOnlyKeys(201, 409);
    assertThat(byStatus.get(201)).isEqualTo(25);
    assertThat(replies)
        .filteredOn(r -> r.status() == 409)
        .extracting(r -> r.text("code"))
        .containsOnly("sold_out");
    assertThat(injected.values().stream().mapToLong(Long::longValue).sum())
        .as("faults were injected")
        .isPositive();

    // Every 201 names a booking that exists, and no active booking exists that no answer names.
    Set<String> answered =
        replies.stream()
            .filter(r -> r.status() == 201)
            .map(r -> r.text("bookingId"))
            .collect(Collectors.toSet());
    assertThat(answered).hasSize(25);
    var ledger = SeatLedger.count(Aws.dynamo(), api.table).get(slotId);
    assertThat(ledger.remaining()).isZero();
    assertThat(ledger.activeBookings()).isEqualTo(25);
    assertThat(SeatLedger.activeBookingIds(Aws.dynamo(), api.table, slotId)).isEqualTo(answered);
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }
}
