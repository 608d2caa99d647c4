package fairslot.booking.store;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.HoldSweep;
import fairslot.booking.app.SeatReleases;
import fairslot.booking.domain.BookedSlot;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.catalog.app.EventPublisher;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.SlotStatus;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.catalog.store.SlotItemMapper;
import fairslot.kernel.Interval;
import fairslot.kernel.Money;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import fairslot.testing.TestClock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** The sweep's cost grows with the holds that are due, not with the table. */
class HoldSweepCostIT {
  private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
  private static final int BOOKINGS = 5_000;
  private static final int DUE = 20;

  @Test
  void sweepingTwentyDueHoldsAmongFiveThousandBookingsReadsTwentyItems() {
    String table = Aws.freshTable("sweepcost");
    Interval interval =
        new Interval(NOW.plus(Duration.ofDays(2)), NOW.plus(Duration.ofDays(2)).plusSeconds(3600));
    Slot slot =
        new Slot(
            "big-slot",
            "venue",
            "rackets",
            ResourceKind.RENTAL,
            interval,
            BOOKINGS,
            0,
            SlotStatus.OPEN,
            new Money(100, "CNY"),
            Admission.DIRECT,
            0,
            ZoneOffset.UTC,
            VenuePolicy.DEFAULT,
            0,
            fairslot.catalog.domain.Assignment.NONE,
            fairslot.catalog.domain.Inherited.NONE);
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    items.add(SlotItemMapper.toItem(slot));
    for (int i = 0; i < BOOKINGS; i++) {
      boolean due = i < DUE;
      boolean pending = due || i % 2 == 0; // half the rest are holds that are not due yet
      Instant deadline = due ? NOW.minusSeconds(60 + i) : NOW.plus(Duration.ofMinutes(10));
      items.add(
          BookingItemMapper.toItem(
              new Booking(
                  "b-" + i,
                  "user-" + i,
                  1,
                  pending ? BookingStatus.PENDING_PAY : BookingStatus.PAID,
                  new Money(100, "CNY"),
                  pending ? Optional.of(deadline) : Optional.empty(),
                  NOW.minus(Duration.ofMinutes(20)),
                  Optional.empty(),
                  BookedSlot.of(slot),
                  1)));
    }
    for (int i = 0; i < items.size(); i += 25) {
      List<WriteRequest> batch =
          items.subList(i, Math.min(i + 25, items.size())).stream()
              .map(
                  item ->
                      WriteRequest.builder()
                          .putRequest(PutRequest.builder().item(item).build())
                          .build())
              .toList();
      Aws.dynamo().batchWriteItem(r -> r.requestItems(Map.of(table, batch)));
    }
    DynamoDbBookingStore store = new DynamoDbBookingStore(Aws.dynamo(), table);
    HoldSweep sweep =
        new HoldSweep(store, new SeatReleases(store, EventPublisher.NONE), new TestClock(NOW));

    var report = sweep.run(500);

    assertThat(report.due()).isEqualTo(DUE);
    assertThat(report.changed()).isEqualTo(DUE);
    assertThat(report.itemsRead()).isEqualTo(DUE);
    var ledger = SeatLedger.count(Aws.dynamo(), table).get("big-slot");
    assertThat(ledger.remaining()).isEqualTo(DUE);
    assertThat(ledger.activeBookings()).isEqualTo(BOOKINGS - DUE);
    SeatLedger.assertSeatsBalanced(Aws.dynamo(), table); // seeded raw: no member counters
  }
}
