package fairslot.handler.booking;

import static fairslot.testing.ApiDriver.FRONTDESK;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Right after a slot sells out, bookings are first answered by a read of the seat facts and the
 * member's guard. The answers must be exactly those the booking transaction would give.
 */
class SoldOutProbeIT {
  private final ApiDriver api = new ApiDriver("probe");

  @AfterEach
  void seatLedgerBalances() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  /**
   * A slot of 2, sold to u1 and u2, and seen sold out by u3 (which turns the look-first path on).
   */
  private String soldOut() {
    String slotId = api.openSlot("SEATS", 2, 1000);
    api.book("u1", slotId, 1);
    api.book("u2", slotId, 1);
    assertThat(api.book("u3", slotId, 1).text("code")).isEqualTo("sold_out");
    return slotId;
  }

  @Test
  void aMemberWhoAlreadyHoldsASeatStillHearsAlreadyBookedNotSoldOut() {
    String slotId = soldOut();

    Reply again = api.book("u1", slotId, 1);

    assertThat(again.status()).isEqualTo(409);
    assertThat(again.text("code")).isEqualTo("already_booked");
    assertThat(again.text("bookingId")).isNotBlank();
  }

  @Test
  void aSeatFreedJustAfterTheSellOutIsBookedAtOnce() {
    String slotId = soldOut();
    String first =
        api.send("GET /me/bookings", e -> e.as("u1", ApiDriver.CUSTOMER))
            .json()
            .get("items")
            .get(0)
            .get("bookingId")
            .asText();
    api.cancel("u1", first);

    Reply next = api.book("u4", slotId, 1);

    assertThat(next.status()).isEqualTo(201);
    assertThat(api.book("u5", slotId, 1).text("code")).isEqualTo("sold_out");
  }

  @Test
  void aClosedSlotIsClosedAndAnUnknownOneNotFoundEvenRightAfterASellOut() {
    String slotId = soldOut();
    api.send("POST /slots/{slotId}/close", e -> e.as("desk-1", FRONTDESK).path("slotId", slotId));

    assertThat(api.book("u6", slotId, 1).text("code")).isEqualTo("slot_closed");
    assertThat(api.book("u6", "no-such-slot", 1).status()).isEqualTo(404);
  }

  @Test
  void soldOutCarriesTheSeatsLeftAsTheReadSawThem() {
    String slotId = soldOut();

    Reply r = api.book("u7", slotId, 1);

    assertThat(r.text("code")).isEqualTo("sold_out");
    assertThat(r.json().get("remaining").asInt()).isZero();
  }
}
