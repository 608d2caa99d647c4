package fairslot.waitlist.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.s;

import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.TxItems;
import fairslot.waitlist.domain.WaitlistEntry;
import fairslot.waitlist.domain.WaitlistStatus;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The waitlist entry's writes, and only here: its creation, its moves (offered, offer ended, left
 * or closed; {@link WaitlistMoves} puts them into their transactions), a booking accepting its
 * offer inside another feature's transaction, the member's link, and erasure's pseudonym.
 */
public final class WaitEntryWrites {
  private WaitEntryWrites() {}

  /** A new WAITING entry, on condition its id is new. */
  static TransactWriteItem create(String table, WaitlistEntry entry) {
    return TxItems.put(
        Put.builder()
            .tableName(table)
            .item(WaitlistEntryMapper.toItem(entry))
            .conditionExpression("attribute_not_exists(PK)"));
  }

  /** A WAITING entry is offered a seat until {@code deadline}; it leaves the line's order. */
  static TransactWriteItem offer(String table, WaitlistEntry entry, Instant deadline) {
    return entryUpdate(
        table,
        entry,
        "SET #status = :offered, offerExpiresAt = :deadline, offerDueShard = :shard,"
            + " offerDueAt = :deadline REMOVE waitingSlot, waitSequence",
        "#status = :waiting",
        Map.of(
            ":offered",
            s(WaitlistStatus.OFFERED),
            ":waiting",
            s(WaitlistStatus.WAITING),
            ":deadline",
            millis(deadline),
            ":shard",
            s(Keys.shard("OFFERS", entry.entryId()))));
  }

  /**
   * An OFFERED entry's offer ends unaccepted, moving to {@code to}; with {@code dueBy} (the
   * sweep's), only if its deadline had passed by then: the sweep reads a lagging index, and must
   * not end an offer that is still open.
   */
  static TransactWriteItem endOffer(
      String table, WaitlistEntry entry, WaitlistStatus to, Optional<Instant> dueBy) {
    Map<String, AttributeValue> values =
        new HashMap<>(Map.of(":to", s(to.name()), ":offered", s(WaitlistStatus.OFFERED)));
    String condition = "#status = :offered";
    if (dueBy.isPresent()) {
      condition += " AND offerExpiresAt <= :dueBy";
      values.put(":dueBy", millis(dueBy.get()));
    }
    return entryUpdate(
        table, entry, "SET #status = :to REMOVE offerDueShard, offerDueAt", condition, values);
  }

  /** A WAITING entry stops waiting (left, or its slot closed), leaving the line's order. */
  static TransactWriteItem stopWaiting(String table, WaitlistEntry entry, WaitlistStatus to) {
    return entryUpdate(
        table,
        entry,
        "SET #status = :to REMOVE waitingSlot, waitSequence",
        "#status = :waiting",
        Map.of(":to", s(to.name()), ":waiting", s(WaitlistStatus.WAITING)));
  }

  private static TransactWriteItem entryUpdate(
      String table,
      WaitlistEntry entry,
      String update,
      String condition,
      Map<String, AttributeValue> values) {
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(Attr.key(Keys.waitEntry(entry.entryId()), "WAITENTRY"))
            .updateExpression(update)
            .conditionExpression(condition)
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(values));
  }

  /** The offer's seat becomes the booking's: the entry is ACCEPTED if its offer is still open. */
  public static TransactWriteItem acceptOffer(
      String table, WaitlistEntry entry, String bookingId, String userId, Instant now) {
    return TxItems.update(
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
            .returnValuesOnConditionCheckFailure(Attr.ALL_OLD));
  }

  /** Under the member, the key of each entry they join: their export and erasure find it there. */
  static final String LINK_PREFIX = "WAIT#";

  /** The member's link to a new entry, put in the join's transaction. */
  static TransactWriteItem memberLink(String table, WaitlistEntry entry) {
    return TxItems.put(
        Put.builder()
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
            .conditionExpression("attribute_not_exists(PK)"));
  }

  /**
   * An erased member's ended entry (API.md v1.2 "Data rights"): its sequence and dates stay, the
   * member becomes the pseudonym, on condition it is still theirs and in the status read.
   */
  static UpdateItemRequest pseudonymise(
      String table, String entryId, String status, String userId, String pseudonym) {
    return UpdateItemRequest.builder()
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
