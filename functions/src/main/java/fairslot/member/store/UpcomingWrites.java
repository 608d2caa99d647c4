package fairslot.member.store;

import static fairslot.table.Attr.ALL_OLD;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.member.domain.VenueMember;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalInt;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/** The member's upcoming-bookings counter at a venue (the venue policy's upcoming limit). */
public final class UpcomingWrites {
  private final String table;

  public UpcomingWrites(String table) {
    this.table = table;
  }

  /**
   * Counts the booking in its member's upcoming bookings at the venue; with {@code limit}, only if
   * fewer than that are counted already. Counted for every booking, limited or not, so a limit set
   * later finds the count right.
   */
  public TransactWriteItem count(VenueMember b, OptionalInt limit) {
    return upcoming(b, 1, limit);
  }

  /**
   * Counts {@code slots} bookings at once (a booking of several slots counts once per slot); with
   * {@code limit}, only if they all fit under it.
   */
  public TransactWriteItem count(VenueMember b, int slots, OptionalInt limit) {
    return upcoming(b, slots, limit);
  }

  /** {@code slots} bookings leave the member's upcoming bookings at once. */
  public TransactWriteItem uncount(VenueMember b, int slots) {
    return upcoming(b, -slots, OptionalInt.empty());
  }

  /** The booking leaves its member's upcoming bookings (cancelled, expired, refunded, attended). */
  public TransactWriteItem uncount(VenueMember b) {
    return upcoming(b, -1, OptionalInt.empty());
  }

  private TransactWriteItem upcoming(VenueMember b, int by, OptionalInt limit) {
    Update.Builder update =
        Update.builder()
            .tableName(table)
            .key(Attr.key(Keys.member(b.userId()), Keys.upcoming(b.venueId())))
            .updateExpression("ADD upcoming :by SET #type = :type, venueId = :venue")
            .returnValuesOnConditionCheckFailure(ALL_OLD);
    Map<String, AttributeValue> values =
        new HashMap<>(Map.of(":by", n(by), ":type", s("UPCOMING"), ":venue", s(b.venueId())));
    if (limit.isPresent()) {
      // Room for {@code by} more: upcoming + by <= limit (for one, upcoming < limit).
      // A counter not yet written holds none: room enough, unless {@code by} alone is over it.
      int room = limit.getAsInt() - by;
      update.conditionExpression(
          room >= 0 ? "attribute_not_exists(upcoming) OR upcoming <= :room" : "upcoming <= :room");
      values.put(":room", n(room));
    }
    return TransactWriteItem.builder()
        .update(
            update
                .expressionAttributeNames(Map.of("#type", "type"))
                .expressionAttributeValues(values)
                .build())
        .build();
  }
}
