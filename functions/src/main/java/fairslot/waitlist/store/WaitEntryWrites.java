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

  /** Under the member, the key of each entry they join: their export and erasure find it there. */
  static final String LINK_PREFIX = "WAIT#";

  /** The member's link to a new entry, put in the join's transaction. */
  static TransactWriteItem memberLink(String table, WaitlistEntry entry) {
    return TransactWriteItem.builder()
        .put(
            software.amazon.awssdk.services.dynamodb.model.Put.builder()
                .tableName(table)
                .item(
                    Map.of(
                        Keys.PK,
                        s(Keys.member(entry.userId())),
                        Keys.SK,
                        s(LINK_PREFIX + entry.entryId()),
                        "type",
                        s("WAIT_LINK"),
                        "entryId",
                        s(entry.entryId()),
                        "slotId",
                        s(entry.slotId())))
                .conditionExpression("attribute_not_exists(PK)")
                .build())
        .build();
  }

  /**
   * An erased member's ended entry (API.md v1.2 "Data rights"): its sequence and dates stay, the
   * member becomes the pseudonym, on condition it is still theirs and in the status read.
   */
  static software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest pseudonymise(
      String table, String entryId, String status, String userId, String pseudonym) {
    return software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest.builder()
        .tableName(table)
        .key(Attr.key(Keys.waitEntry(entryId), "WAITENTRY"))
        .updateExpression("SET userId = :p")
        .conditionExpression("userId = :u AND #status = :status")
        .expressionAttributeNames(Map.of("#status", "status"))
        .expressionAttributeValues(
            Map.of(":p", s(pseudonym), ":u", s(userId), ":status", s(status)))
        .build();
  }
}
