package fairslot.handler.booking;

import static fairslot.testing.ApiDriver.ADMIN;
import static fairslot.testing.ApiDriver.CUSTOMER;
import static fairslot.testing.ApiDriver.FRONTDESK;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.Race;
import fairslot.testing.SeatLedger;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** PATCH /slots/{slotId} through the handler against the emulator (v1.1 "Venue operations"). */
class SlotEditIT {
  private final ApiDriver api = new ApiDriver("slotedit");

  @AfterEach
  void seatLedgerBalances() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  private Reply edit(String slotId, String body) {
    return edit("admin-1", ADMIN, slotId, body);
  }

  private Reply edit(String who, List<String> roles, String slotId, String body) {
    return api.send(
        "PATCH /slots/{slotId}", e -> e.as(who, roles).path("slotId", slotId).body(body));
  }

  private JsonNode slot(String slotId) {
    return api.send("GET /slots/{slotId}", e -> e.path("slotId", slotId)).json();
  }

  private Reply join(String user, String slotId) {
    return api.send(
        "POST /slots/{slotId}/waitlist", e -> e.as(user, CUSTOMER).path("slotId", slotId));
  }

  private String entryStatus(String user, String slotId) {
    return api.send(
            "GET /slots/{slotId}/waitlist/me", e -> e.as(user, CUSTOMER).path("slotId", slotId))
        .text("status");
  }

  @Test
  void aPriceChangeIsPaidByNewBookingsOnlyAndEachBookingKeepsItsAmount() {
    String slotId = api.openSlot("SEATS", 5, 4000);
    String before = api.book("u1", slotId, 2).text("bookingId");

    Reply edited = edit(slotId, "{\"priceMinor\":6000}");
    String after = api.book("u2", slotId, 1).text("bookingId");

    assertThat(edited.status()).isEqualTo(200);
    assertThat(edited.json().get("priceMinor").asLong()).isEqualTo(6000);
    assertThat(booking("u1", before).get("amountMinor").asLong()).isEqualTo(8000);
    assertThat(booking("u2", after).get("amountMinor").asLong()).isEqualTo(6000);
  }

  private JsonNode booking(String user, String bookingId) {
    return api.send(
            "GET /bookings/{bookingId}", e -> e.as(user, CUSTOMER).path("bookingId", bookingId))
        .json();
  }

  @Test
  void capacityComesDownToTheSeatsSpokenForAndNoLower() {
    String slotId = api.openSlot("SEATS", 5, 4000);
    api.book("u1", slotId, 2);

    Reply tooLow = edit(slotId, "{\"capacity\":1}");
    Reply down = edit(slotId, "{\"capacity\":2}");

    assertThat(tooLow.status()).isEqualTo(409);
    assertThat(tooLow.text("code")).isEqualTo("capacity_below_booked");
    assertThat(tooLow.json().get("booked").asInt()).isEqualTo(2);
    assertThat(down.status()).isEqualTo(200);
    assertThat(slot(slotId).get("capacity").asInt()).isEqualTo(2);
    assertThat(slot(slotId).get("remaining").asInt()).isZero();
    assertThat(api.book("u2", slotId, 1).text("code")).isEqualTo("sold_out");
  }

  @Test
  void raisedCapacityGoesToTheHeadOfTheWaitlistBeforeAnyoneCanBookIt() {
    String slotId = api.openSlot("SEATS", 1, 4000);
    api.book("u1", slotId, 1);
    join("u2", slotId);
    join("u3", slotId);

    Reply up = edit(slotId, "{\"capacity\":2}");
    Reply outsider = api.book("u9", slotId, 1);
    api.deliverSeatReleased();

    assertThat(up.status()).isEqualTo(200);
    assertThat(outsider.text("code")).isEqualTo("sold_out");
    assertThat(entryStatus("u2", slotId)).isEqualTo("OFFERED");
    assertThat(entryStatus("u3", slotId)).isEqualTo("WAITING");
  }

  @Test
  void aSeatReturnedAfterTheCapacityWentUpIsJudgedAgainstTheNewCapacity() {
    String slotId = api.openSlot("SEATS", 2, 4000);
    String held = api.book("u1", slotId, 2).text("bookingId");
    edit(slotId, "{\"capacity\":4}");

    Reply cancelled = api.cancel("u1", held);

    assertThat(cancelled.status()).isEqualTo(200);
    assertThat(slot(slotId).get("remaining").asInt()).isEqualTo(4);
  }

  @Test
  void theAuditStatesTheStockAndEachFieldBeforeAndAfter() {
    String slotId = api.openSlot("SEATS", 5, 4000);
    api.book("u1", slotId, 2);

    edit(slotId, "{\"capacity\":8,\"priceMinor\":4500}");

    JsonNode items =
        api.send("GET /audit", e -> e.as("admin-1", ADMIN).query("slotId", slotId))
            .json()
            .get("items");
    JsonNode editRecord =
        StreamSupport.stream(items.spliterator(), false)
            .filter(i -> i.has("after"))
            .findFirst()
            .orElseThrow();
    assertThat(editRecord.get("actor").asText()).isEqualTo("admin-1");
    assertThat(editRecord.get("remainingBefore").asInt()).isEqualTo(3);
    assertThat(editRecord.get("remainingAfter").asInt()).isEqualTo(6);
    assertThat(editRecord.get("before").get("capacity").asInt()).isEqualTo(5);
    assertThat(editRecord.get("after").get("capacity").asInt()).isEqualTo(8);
    assertThat(editRecord.get("before").get("priceMinor").asLong()).isEqualTo(4000);
    assertThat(editRecord.get("after").get("priceMinor").asLong()).isEqualTo(4500);
  }

  @Test
  void onlyAnAdminEditsAndBadInputWritesNothing() {
    String slotId = api.openSlot("EXCLUSIVE", 1, 4000);

    assertThat(edit("desk-1", FRONTDESK, slotId, "{\"priceMinor\":1}").status()).isEqualTo(403);
    assertThat(edit("u1", CUSTOMER, slotId, "{\"priceMinor\":1}").status()).isEqualTo(403);
    assertThat(edit(slotId, "{\"capacity\":2}").status()).isEqualTo(422);
    assertThat(edit(slotId, "{\"capacity\":0}").status()).isEqualTo(422);
    assertThat(edit(slotId, "{\"priceMinor\":-1}").status()).isEqualTo(422);
    assertThat(edit(slotId, "{\"currency\":\"cny\"}").status()).isEqualTo(422);
    assertThat(edit(slotId, "{\"price\":100}").status()).isEqualTo(422);
    assertThat(edit("no-such-slot", "{\"priceMinor\":1}").status()).isEqualTo(404);
    assertThat(slot(slotId).get("priceMinor").asLong()).isEqualTo(4000);
    assertThat(slot(slotId).get("capacity").asInt()).isEqualTo(1);
  }

  @Test
  void aHundredBookingsRacingCapacityEditsLeaveEverySeatAccountedFor() throws Exception {
    String slotId = api.openSlot("SEATS", 40, 4000);
    int[] capacities = {30, 60, 25, 50, 45, 70, 35, 55, 40, 65};

    List<Integer> statuses =
        Race.all(
            110,
            i ->
                () ->
                    i < 100
                        ? api.book("racer-" + i, slotId, 1).status()
                        : edit(slotId, "{\"capacity\":" + capacities[i - 100] + "}").status());

    List<Integer> bookings = statuses.subList(0, 100);
    List<Integer> edits = statuses.subList(100, 110);
    assertThat(statuses).allMatch(s -> s < 500);
    assertThat(bookings).allMatch(s -> s == 201 || s == 409);
    assertThat(edits).allMatch(s -> s == 200 || s == 409);
    JsonNode after = slot(slotId);
    long booked = bookings.stream().filter(s -> s == 201).count();
    assertThat(after.get("capacity").asInt() - after.get("remaining").asInt())
        .isEqualTo((int) booked);
    // The ledger (capacity == remaining + active bookings + open offers) is recounted after each
    // test from the raw items.
  }
}
