package fairslot.handler;

import static fairslot.testing.ApiDriver.ADMIN;
import static fairslot.testing.ApiDriver.CUSTOMER;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.definitions.Fairslot;
import fairslot.emulator.StreamPoller;
import fairslot.testing.ApiDriver;
import fairslot.testing.ApiDriver.Reply;
import fairslot.testing.Aws;
import fairslot.testing.Race;
import fairslot.testing.SeatLedger;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Every seat change on the booking path is in the slot's audit with the stock before and after
 * (v1.1 "Venue operations"), read from the table stream by SeatAuditHandler, through the real
 * handlers against the emulator. The test clock stands still, so a slot's records are in stream
 * order and each one's "before" must be the previous one's "after".
 */
class SeatAuditIT {
  private final ApiDriver api = new ApiDriver("seataudit");

  @AfterEach
  void seatLedgerBalances() {
    SeatLedger.assertBalanced(Aws.dynamo(), api.table);
  }

  /** The slot's audit records that carry a stock before and after, in the audit's order. */
  private List<JsonNode> seatRecords(String slotId) {
    JsonNode items =
        api.send("GET /audit", e -> e.as("admin-1", ADMIN).query("slotId", slotId))
            .json()
            .get("items");
    return StreamSupport.stream(items.spliterator(), false)
        .filter(i -> i.has("remainingBefore"))
        .toList();
  }

  /** Each record starts where the one before ended; the first at {@code from}. */
  private static void assertChain(List<JsonNode> records, int from, int to) {
    int stock = from;
    for (JsonNode r : records) {
      assertThat(r.get("remainingBefore").asInt()).as("record %s", r).isEqualTo(stock);
      stock = r.get("remainingAfter").asInt();
    }
    assertThat(stock).isEqualTo(to);
  }

  @Test
  void aCrowdOfBookingsLeavesOneRecordPerSeatSoldCountingTheStockDownWithoutAGap()
      throws Exception {
    String slotId = api.openSlot("SEATS", 10, 4000);

    List<Reply> replies = Race.all(60, i -> () -> api.book("crowd-" + i, slotId, 1));
    api.deliverSeatChanges();

    Set<String> sold =
        replies.stream()
            .filter(r -> r.status() == 201)
            .map(r -> r.text("bookingId"))
            .collect(Collectors.toSet());
    List<JsonNode> records = seatRecords(slotId);
    assertThat(sold).hasSize(10);
    assertThat(records).hasSize(10);
    assertChain(records, 10, 0);
    assertThat(records)
        .extracting(r -> r.get("reason").asText().replaceAll(".*booking (\\S+)\\)$", "$1"))
        .containsExactlyInAnyOrderElementsOf(sold);
  }

  @Test
  void bookingCancelOfferDeclineAndExpiryEachRecordWhoMovedTheStockAndWhy() {
    String slotId = api.openSlot("SEATS", 1, 4000);
    String first = api.book("u1", slotId, 1).text("bookingId"); // 1 -> 0
    api.send("POST /slots/{slotId}/waitlist", e -> e.as("u2", CUSTOMER).path("slotId", slotId));
    api.cancel("u1", first); // 0 -> 1, owed to the waitlist
    api.deliverSeatReleased(); // offered to u2: 1 -> 0
    String entryId =
        api.send(
                "GET /slots/{slotId}/waitlist/me", e -> e.as("u2", CUSTOMER).path("slotId", slotId))
            .text("entryId");
    api.send(
        "POST /waitlist/{entryId}/decline", e -> e.as("u2", CUSTOMER).path("entryId", entryId));
    // declined, nobody else waits: 0 -> 1 on open sale
    api.book("u3", slotId, 1); // 1 -> 0
    api.clock.advance(Duration.ofHours(1));
    new ScheduledJobHandler(api.wiring).run("sweep-holds"); // u3's hold expires: 0 -> 1

    api.deliverSeatChanges();

    List<JsonNode> records = seatRecords(slotId);
    assertChain(records, 1, 1);
    assertThat(records)
        .extracting(r -> r.get("actor").asText())
        .containsExactly("u1", "u1", "system:waitlist", "u2", "u3", "system:sweep-holds");
    assertThat(records.get(0).get("reason").asText()).contains("booking " + first);
    assertThat(records.get(2).get("reason").asText()).contains("waitlist entry " + entryId);
    assertThat(records)
        .allSatisfy(r -> assertThat(r.get("entity").asText()).isEqualTo("slot:" + slotId));
  }

  @Test
  void aTransactionRefusedAfterItsSeatWasTakenLeavesNoRecordAndAnEditIsAuditedOnce() {
    String slotId = api.openSlot("SEATS", 5, 4000);
    api.book("u1", slotId, 1);
    // The seat update comes first in the transaction and succeeds on its own; the member guard
    // then refuses it. Nothing of it may reach the audit.
    Reply twice = api.book("u1", slotId, 1);
    api.send(
        "PATCH /slots/{slotId}",
        e -> e.as("admin-1", ADMIN).path("slotId", slotId).body("{\"capacity\":7}"));

    api.deliverSeatChanges();

    assertThat(twice.status()).isEqualTo(409);
    List<JsonNode> records = seatRecords(slotId);
    assertThat(records).hasSize(2);
    assertChain(records, 5, 6);
    assertThat(records.get(1).get("before").get("capacity").asInt()).isEqualTo(5);
  }

  @Test
  void readingTheStreamAgainFromItsStartRecordsNothingTwice() {
    String slotId = api.openSlot("SEATS", 5, 4000);
    api.book("u1", slotId, 2);
    api.book("u2", slotId, 1);
    api.deliverSeatChanges();

    SeatAuditHandler again = new SeatAuditHandler(api.wiring);
    int reread =
        new StreamPoller(
                Aws.dynamo(),
                Aws.endpoint().dynamoDbStreams(),
                api.table,
                Fairslot.SEAT_AUDIT,
                event -> again.handleRequest(event, null))
            .drain();

    assertThat(reread).isPositive();
    List<JsonNode> records = seatRecords(slotId);
    assertThat(records).hasSize(2);
    assertChain(records, 5, 2);
  }
}
