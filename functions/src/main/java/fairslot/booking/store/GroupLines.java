package fairslot.booking.store;

import fairslot.booking.domain.Booking;
import fairslot.kernel.Unavailable;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * The other lines of a booking of several slots, read consistently in one BatchGetItem (its
 * unprocessed keys asked again). Every move of the whole booking reads them first and holds each
 * line's status in its own condition, so the lines move together or not at all.
 */
public final class GroupLines {
  private static final int MAX_ROUNDS = 8;

  private GroupLines() {}

  /** {@code b}'s other lines in the group's order; none for a booking of one slot. */
  public static List<Booking> others(DynamoDbClient dynamo, String table, Booking b) {
    List<String> ids = b.otherLineIds();
    if (ids.isEmpty()) {
      return List.of();
    }
    List<Map<String, AttributeValue>> keys =
        ids.stream().map(id -> Attr.key(Keys.booking(id), "BOOKING")).toList();
    List<Booking> found = new ArrayList<>();
    Map<String, KeysAndAttributes> ask =
        Map.of(table, KeysAndAttributes.builder().keys(keys).consistentRead(true).build());
    for (int round = 0; round < MAX_ROUNDS && !ask.isEmpty(); round++) {
      Map<String, KeysAndAttributes> asked = ask;
      BatchGetItemResponse response = dynamo.batchGetItem(r -> r.requestItems(asked));
      response.responses().getOrDefault(table, List.of()).stream()
          .map(BookingItemMapper::fromItem)
          .forEach(found::add);
      ask = response.hasUnprocessedKeys() ? response.unprocessedKeys() : Map.of();
    }
    if (!ask.isEmpty()) {
      throw new Unavailable("the lines of booking " + b.bookingId() + " could not be read", null);
    }
    // Fewer than asked only once lines are gone: an expired hold's lines are deleted by TTL, each
    // in its own time, long after the booking ended; nothing moves a booking that has ended.
    found.sort(Comparator.comparingInt(l -> ids.indexOf(l.bookingId())));
    return found;
  }
}
