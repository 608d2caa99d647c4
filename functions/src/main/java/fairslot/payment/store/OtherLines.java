package fairslot.payment.store;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.store.BookingWrites;
import fairslot.booking.store.GroupLines;
import fairslot.kernel.Change;
import fairslot.table.RecordParts;
import fairslot.table.Transaction;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The other lines of a booking of several slots move with their lead, each on condition it is still
 * in {@code from}: one payment settles the whole booking.
 */
final class OtherLines {
  private final DynamoDbClient dynamo;
  private final String table;
  private final BookingWrites bookingWrites;
  private final RecordParts records;

  OtherLines(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.bookingWrites = new BookingWrites(table);
    this.records = new RecordParts(table);
  }

  void move(Transaction<?> tx, Booking lead, BookingStatus from, BookingStatus to, Change change) {
    for (Booking line : GroupLines.others(dynamo, table, lead)) {
      if (line.status() == from) {
        tx.add(bookingWrites.move(line, to, change, "", "", Map.of()));
        tx.add(
            records.auditBooking(
                line.bookingId(), line.version(), line.status().name(), to.name(), change));
      }
    }
  }
}
