package fairslot.booking.store;

import fairslot.booking.domain.BookingStatus;
import fairslot.privacy.app.MemberDataPart;
import fairslot.table.Attr;
import fairslot.table.AuditActors;
import fairslot.table.Keys;
import fairslot.table.RawItems;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * A member's bookings in their export and erasure. A booking that has ended (no move left from its
 * status) is given to the pseudonym with its audit's actor; a live one keeps the member until it
 * ends, since its guard, counters and notices are the member's.
 */
public final class BookingMemberData implements MemberDataPart {
  private final DynamoDbClient dynamo;
  private final String table;
  private final Clock clock;
  private final BookingHandoverWrites writes;

  public BookingMemberData(DynamoDbClient dynamo, String table, Clock clock) {
    this.dynamo = dynamo;
    this.table = table;
    this.clock = clock;
    this.writes = new BookingHandoverWrites(table);
  }

  @Override
  public String name() {
    return "bookings";
  }

  @Override
  public List<Map<String, Object>> export(String userId) {
    List<Map<String, AttributeValue>> bookings =
        new ArrayList<>(RawItems.bookingsOf(dynamo, table, userId));
    // a walk-in's bookings the member's proved phone linked: theirs to read, so in their export
    // (erasure deletes the walk-in's profile, which leaves these under the walk-in's bare id)
    RawItems.get(dynamo, table, Attr.key(Keys.member(userId), "PROFILE"))
        .filter(profile -> profile.containsKey("linkedCustomers"))
        .ifPresent(
            profile -> {
              for (String customerId : profile.get("linkedCustomers").ss()) {
                bookings.addAll(RawItems.bookingsOf(dynamo, table, customerId));
              }
            });
    return bookings.stream().map(RawItems::plain).toList();
  }

  @Override
  public Step erase(String userId, String pseudonym) {
    int changed = 0;
    int inUse = 0;
    for (Map<String, AttributeValue> item : RawItems.bookingsOf(dynamo, table, userId)) {
      BookingStatus status = BookingStatus.valueOf(Attr.str(item, "status"));
      if (!status.next().isEmpty()) {
        inUse++;
        continue;
      }
      String bookingId = Attr.str(item, "bookingId");
      try {
        dynamo.updateItem(
            writes.pseudonymise(bookingId, status, userId, pseudonym, clock.instant()));
        changed++;
      } catch (ConditionalCheckFailedException e) {
        inUse++; // it moved since the read: the next run judges it again
        continue;
      }
      changed +=
          AuditActors.pseudonymise(dynamo, table, Keys.booking(bookingId), userId, pseudonym);
    }
    return inUse == 0 ? new Step.Finished(changed) : new Step.Waiting(changed, inUse);
  }
}
