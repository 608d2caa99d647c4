package fairslot.waitlist.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.s;

import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.waitlist.domain.WaitlistEntry;
import fairslot.waitlist.domain.WaitlistStatus;
import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * The waitlist entry's moves made inside other features' transactions (a booking accepting an
 * offer); the entry's own moves are {@link WaitlistMoves}.
 */
public final class WaitEntryWrites {
  private WaitEntryWrites() {}

  /** The offer's seat becomes the booking's: the entry is ACCEPTED if its offer is still open. */
  public static TransactWriteItem acceptOffer(
      String table, WaitlistEntry entry, String bookingId, String userId, Instant now) {
    return TransactWriteItem.builder()
        .update(
            Update.builder()
                .tableName(table)
                .key(Attr.key(Keys.waitEntry(entry.entryId()), "WAITENTRY"))
                .updateExpression(
                    "SET #status = :accepted, bookingId = :b REMOVE offerDueShard, offerDueAt")
                .conditionExpression("#status = :offered AND offerExpiresAt > :now AND userId = :u")
                .expressionAttributeNames(Map.of("#status", "status"))
                .expressionAttributeValues(
                    Map.of(
                        ":accepted",
                        s(WaitlistStatus.ACCEPTED),
                        ":offered",
                        s(WaitlistStatus.OFFERED),
                        ":b",
                        s(bookingId),
                        ":now",
                        millis(now),
                        ":u",
                        s(userId)))
                .returnValuesOnConditionCheckFailure(Attr.ALL_OLD)
                .build())
        .build();
  }
}
