package fairslot.handler.booking;

import static fairslot.testing.ApiDriver.ADMIN;
import static fairslot.testing.ApiDriver.FRONTDESK;
import static org.assertj.core.api.Assertions.assertThat;

import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A free booking (priceMinor 0) is PAID with no payment: a member cancel, a desk refund and a slot
 * cancel release it like any other, to CANCELLED, with nothing to refund (issue 28: each was a 500,
 * and the slot cancel left the slot CANCELLED with the booking still PAID).
 */
class FreeBookingIT {
  private final ApiDriver api = new ApiDriver("free");

  @AfterEach
  void ledgersBalance() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  private String freeBooking(String slotId, String user) {
    Reply booked = api.book(user, slotId, 1);
    ApiDriver.expect(booked, 201);
    assertThat(booked.text("status")).isEqualTo("PAID");
    return booked.text("bookingId");
  }

  @Test
  void aMemberCancelsAFreeBookingAndTheSeatComesBack() {
    String slotId = api.openSlot("SEATS", 3, 0);
    String id = freeBooking(slotId, "m");

    Reply cancelled = api.cancel("m", id);

    assertThat(cancelled.status()).as(cancelled.body()).isEqualTo(200);
    assertThat(cancelled.text("status")).isEqualTo("CANCELLED");
    assertThat(api.remaining(slotId)).isEqualTo(3);
  }

  @Test
  void theDeskRefundsAFreeBookingByCancellingIt() {
    String slotId = api.openSlot("SEATS", 3, 0);
    String id = freeBooking(slotId, "m");

    Reply refunded =
        api.send(
            "POST /staff/bookings/{bookingId}/refund",
            e -> e.as("desk-1", FRONTDESK).path("bookingId", id));

    assertThat(refunded.status()).as(refunded.body()).isEqualTo(200);
    assertThat(refunded.text("status")).isEqualTo("CANCELLED");
    assertThat(api.remaining(slotId)).isEqualTo(3);
  }

  @Test
  void cancellingASlotWithFreeBookingsCancelsThemAndStartsNoRefund() {
    String slotId = api.openSlot("SEATS", 3, 0);
    String a = freeBooking(slotId, "a");
    String b = freeBooking(slotId, "b");

    Reply r =
        api.send("POST /slots/{slotId}/cancel", e -> e.as("admin-1", ADMIN).path("slotId", slotId));

    assertThat(r.status()).as(r.body()).isEqualTo(200);
    assertThat(r.json().get("slot").get("status").asText()).isEqualTo("CANCELLED");
    assertThat(r.json().get("refundsStarted").asInt()).isZero();
    assertThat(api.booking("a", a).text("status")).isEqualTo("CANCELLED");
    assertThat(api.booking("b", b).text("status")).isEqualTo("CANCELLED");
  }
}
