package fairslot.booking.store;

import fairslot.booking.app.DueBookingStore;
import fairslot.booking.domain.Booking;
import fairslot.booking.domain.DueBookings;
import fairslot.booking.domain.DueReminder;
import fairslot.booking.domain.DueReminders;
import fairslot.booking.domain.Reminder;
import fairslot.definitions.Fairslot;
import fairslot.notification.domain.Notification;
import fairslot.notification.store.NoticeWrites;
import fairslot.table.Attr;
import fairslot.table.ShardedIndex;
import fairslot.table.Transaction;
import java.time.Instant;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The bookings the jobs find due, each through its sparse sharded index; and a reminder's notice.
 */
public final class DynamoDbDueBookingStore implements DueBookingStore {

  /** The named actions of this file's transaction: a cancellation is read by these. */
  private enum Action {
    BOOKING
  }

  private final DynamoDbClient dynamo;
  private final String table;
  private final BookingWrites bookingWrites;
  private final NoticeWrites notices;

  public DynamoDbDueBookingStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.bookingWrites = new BookingWrites(table);
    this.notices = new NoticeWrites(table);
  }

  @Override
  public DueBookings dueHolds(Instant now, int limit) {
    return dueBookings(
        new ShardedIndex(dynamo, table, Fairslot.HOLDS_DUE, "HOLDS", "holdDueShard", "holdDueAt")
            .dueBy(now, limit));
  }

  @Override
  public DueBookings endedUnattended(Instant now, int limit) {
    return dueBookings(
        new ShardedIndex(
                dynamo, table, Fairslot.ATTENDANCE_DUE, "ATTEND", "attendDueShard", "attendDueAt")
            .dueBy(now, limit));
  }

  @Override
  public DueReminders remindersDue(Instant now, int limit) {
    ShardedIndex.Due due =
        new ShardedIndex(
                dynamo, table, Fairslot.NOTIFICATIONS_DUE, "REMIND", "notifyShard", "notifyDueAt")
            .dueBy(now, limit);
    return new DueReminders(
        due.items().stream()
            .map(
                item ->
                    new DueReminder(
                        BookingItemMapper.fromItem(item),
                        new Reminder(
                            Notification.Kind.valueOf(Attr.str(item, "remindKind")),
                            Attr.instant(item, "notifyDueAt"))))
            .toList(),
        due.itemsRead());
  }

  @Override
  public boolean remind(Booking b, Reminder reminder, Instant at) {
    Transaction<Action> tx =
        new Transaction<Action>()
            .add(
                Action.BOOKING,
                bookingWrites.reminded(b.bookingId(), reminder.kind().name(), reminder.at()))
            .add(
                notices.notify(
                    new Notification(b.userId(), b.slotId(), reminder.kind(), b.bookingId()), at));
    return tx.commit(dynamo).isEmpty();
  }

  private static DueBookings dueBookings(ShardedIndex.Due due) {
    return new DueBookings(
        due.items().stream().map(BookingItemMapper::fromItem).toList(), due.itemsRead());
  }
}
