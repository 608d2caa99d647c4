package fairslot.notification.store;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.booking.app.BookingMessageFacts;
import fairslot.booking.app.Reminders;
import fairslot.booking.domain.BookedSlot;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.store.BookingItemMapper;
import fairslot.booking.store.DynamoDbBookingStore;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.SlotStatus;
import fairslot.catalog.domain.VenuePolicy;
import fairslot.catalog.store.DynamoDbCatalogStore;
import fairslot.catalog.store.SlotItemMapper;
import fairslot.kernel.Interval;
import fairslot.kernel.Money;
import fairslot.member.store.DynamoDbMemberProfileStore;
import fairslot.notification.app.Notifications;
import fairslot.testing.Aws;
import fairslot.testing.TestClock;
import fairslot.waitlist.store.DynamoDbWaitlistStore;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The reminder job's cost grows with the reminders that are due, not with the bookings: it reads
 * the sparse reminder keys, and a run after them reads nothing.
 */
class ReminderCostIT {
  private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
  private static final int BOOKINGS = 5_000;
  private static final int DUE_WARNINGS = 10;
  private static final int DUE_REMINDERS = 10;

  private static Slot slot(String id, Instant start) {
    return new Slot(
        id,
        "venue",
        "rackets-" + id,
        ResourceKind.RENTAL,
        new Interval(start, start.plusSeconds(3600)),
        BOOKINGS,
        0,
        SlotStatus.OPEN,
        new Money(100, "CNY"),
        Admission.DIRECT,
        0,
        ZoneOffset.UTC,
        VenuePolicy.DEFAULT, // reminderBefore PT2H, holds PT15M
        0,
        fairslot.catalog.domain.Assignment.NONE,
        fairslot.catalog.domain.Inherited.NONE);
  }

  private static Booking booking(
      int i, Slot slot, BookingStatus status, Optional<Instant> holdDeadline, Instant createdAt) {
    return new Booking(
        "b-" + i,
        "user-" + i,
        1,
        status,
        new Money(100, "CNY"),
        holdDeadline,
        createdAt,
        Optional.empty(),
        BookedSlot.of(slot),
        1);
  }

  @Test
  void twentyDueRemindersAmongFiveThousandBookingsReadTwentyItemsAndEachIsSentOnce() {
    String table = Aws.freshTable("remindcost");
    Slot later = slot("later", NOW.plus(Duration.ofDays(2))); // reminder due in 46 h
    Slot soon = slot("soon", NOW.plus(Duration.ofMinutes(90))); // reminder was due 30 min ago
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    items.add(SlotItemMapper.toItem(later));
    items.add(SlotItemMapper.toItem(soon));
    Instant yesterday = NOW.minus(Duration.ofDays(1));
    for (int i = 0; i < BOOKINGS; i++) {
      Booking b;
      if (i < DUE_WARNINGS) { // a hold lapsing in 3 minutes: its warning was due 2 minutes ago
        b =
            booking(
                i,
                later,
                BookingStatus.PENDING_PAY,
                Optional.of(NOW.plus(Duration.ofMinutes(3))),
                NOW.minus(Duration.ofMinutes(12)));
      } else if (i < DUE_WARNINGS + DUE_REMINDERS) {
        b = booking(i, soon, BookingStatus.PAID, Optional.empty(), yesterday);
      } else if (i % 2 == 0) { // holds not due yet: warned in 5 minutes
        b =
            booking(
                i,
                later,
                BookingStatus.PENDING_PAY,
                Optional.of(NOW.plus(Duration.ofMinutes(10))),
                NOW.minus(Duration.ofMinutes(5)));
      } else {
        b = booking(i, later, BookingStatus.PAID, Optional.empty(), yesterday);
      }
      items.add(BookingItemMapper.toItem(b));
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
    DynamoDbBookingStore bookings = new DynamoDbBookingStore(Aws.dynamo(), table);
    TestClock clock = new TestClock(NOW);
    Reminders reminders = new Reminders(bookings, clock);
    AtomicInteger handedToChannels = new AtomicInteger();
    Notifications sender =
        new Notifications(
            new DynamoDbNotificationStore(Aws.dynamo(), table),
            d -> handedToChannels.incrementAndGet(),
            new DynamoDbMemberProfileStore(Aws.dynamo(), table),
            new BookingMessageFacts(
                new DynamoDbCatalogStore(Aws.dynamo(), table),
                bookings,
                new DynamoDbWaitlistStore(Aws.dynamo(), table)),
            clock);

    var first = reminders.remindDue(500);
    var again = reminders.remindDue(500);
    var sent = sender.sendDue(500);
    var sentAgain = sender.sendDue(500);

    assertThat(first.due()).isEqualTo(DUE_WARNINGS + DUE_REMINDERS);
    assertThat(first.changed()).isEqualTo(DUE_WARNINGS + DUE_REMINDERS);
    assertThat(first.itemsRead()).isEqualTo(DUE_WARNINGS + DUE_REMINDERS);
    assertThat(again.due()).isZero();
    assertThat(again.itemsRead()).as("nothing due is read twice").isZero();
    assertThat(sent.due()).as("one notice each").isEqualTo(DUE_WARNINGS + DUE_REMINDERS);
    assertThat(sent.itemsRead()).isEqualTo(DUE_WARNINGS + DUE_REMINDERS);
    assertThat(handedToChannels).hasValue(DUE_WARNINGS + DUE_REMINDERS);
    assertThat(sentAgain.due()).isZero();
    var kinds =
        Aws.dynamo().scanPaginator(r -> r.tableName(table)).items().stream()
            .filter(i -> i.containsKey("type") && i.get("type").s().equals("DELIVERY"))
            .map(i -> i.get("kind").s() + "/" + i.get("status").s())
            .toList();
    assertThat(kinds.stream().filter(k -> k.equals("HOLD_EXPIRING/SENT"))).hasSize(DUE_WARNINGS);
    assertThat(kinds.stream().filter(k -> k.equals("BOOKING_REMINDER/SENT")))
        .hasSize(DUE_REMINDERS);
  }
}
