package fairslot.booking.store;

import fairslot.booking.domain.BookingStatus;
import fairslot.member.app.LiveBookings;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.RawItems;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** A booking is live while held or paid: read from its item, consistently. */
public final class BookingLiveness implements LiveBookings {
  private static final Set<BookingStatus> LIVE =
      Set.of(BookingStatus.PENDING_PAY, BookingStatus.PAID);

  private final DynamoDbClient dynamo;
  private final String table;

  public BookingLiveness(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  @Override
  public boolean isLive(String bookingId) {
    return RawItems.get(dynamo, table, Attr.key(Keys.booking(bookingId), "BOOKING"))
        .filter(b -> LIVE.contains(BookingStatus.valueOf(Attr.str(b, "status"))))
        .isPresent();
  }
}
