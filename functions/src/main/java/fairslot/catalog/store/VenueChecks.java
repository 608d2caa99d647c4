package fairslot.catalog.store;

import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.catalog.domain.OperatingStatus;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.TxItems;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The venue item's conditions in other items' transactions, stated once: it exists, it is active at
 * the revision a slot copies, it sells. Its own writes are {@link VenueEditWrite}'s.
 */
public final class VenueChecks {
  private VenueChecks() {}

  /** The venue exists (a child item, a coach or room, belongs to it). */
  static TransactWriteItem exists(String table, String venueId) {
    return TxItems.check(
        ConditionCheck.builder()
            .tableName(table)
            .key(Attr.key(Keys.venue(venueId), "VENUE"))
            .conditionExpression("attribute_exists(PK)"));
  }

  /**
   * The venue is active and still at the revision whose policy the slot copies: an edit committed
   * before this slot would otherwise never reach it (the edit's fan-out could not see it yet).
   */
  static TransactWriteItem activeAtRev(String table, String venueId, long rev) {
    String sameRev = rev == 0 ? "(attribute_not_exists(rev) OR rev = :rev)" : "rev = :rev";
    return TxItems.check(
        ConditionCheck.builder()
            .tableName(table)
            .key(Attr.key(Keys.venue(venueId), "VENUE"))
            .conditionExpression(
                "attribute_exists(PK) AND (attribute_not_exists(#status) OR #status = :active)"
                    + " AND "
                    + sameRev)
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(
                Map.of(":active", s(OperatingStatus.ACTIVE.name()), ":rev", n(rev)))
            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD));
  }

  /** The venue is not DISABLED (a disabled venue sells no passes and takes no plans). */
  public static TransactWriteItem sells(String table, String venueId) {
    return TxItems.check(
        ConditionCheck.builder()
            .tableName(table)
            .key(Attr.key(Keys.venue(venueId), "VENUE"))
            .conditionExpression("attribute_exists(PK) AND #status <> :disabled")
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(Map.of(":disabled", s(OperatingStatus.DISABLED.name()))));
  }
}
