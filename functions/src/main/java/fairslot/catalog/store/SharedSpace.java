package fairslot.catalog.store;

import static fairslot.catalog.domain.OperatingStatus.ACTIVE;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.catalog.domain.OperatingStatus;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.TxItems;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The resources a new slot shares space with, and what that answer was read from: how many combined
 * resources its own resource, and each of its parts, belonged to. A slot's creation checks those
 * counts (a resource only ever joins more combined resources), so a combined resource made while
 * the slot is created either is seen or fails the creation, which then reads again; otherwise the
 * whole's slot and this one could both commit without knowing of each other.
 */
record SharedSpace(Set<String> sharing, int ownPartOf, Map<String, Integer> partsPartOf) {

  static final SharedSpace NONE = new SharedSpace(Set.of(), 0, Map.of());

  SharedSpace {
    sharing = Set.copyOf(sharing);
    partsPartOf = Map.copyOf(new TreeMap<>(partsPartOf));
  }

  /**
   * The slot's resource exists, is active and belongs to as many combined resources as read. On a
   * failure its item comes back, which tells a disabled resource from a newly joined one.
   */
  static TransactWriteItem resourceAsRead(String table, String resourceId, int partOf) {
    Map<String, AttributeValue> values = new HashMap<>();
    values.put(":active", s(ACTIVE.name()));
    return TxItems.check(
        ConditionCheck.builder()
            .tableName(table)
            .key(Attr.key(Keys.resource(resourceId), "RESOURCE"))
            .conditionExpression(
                "attribute_exists(PK) AND (attribute_not_exists(#status) OR #status = :active)"
                    + " AND "
                    + partOfCount(partOf, values))
            .expressionAttributeNames(
                Map.of("#status", "status", "#partOf", ResourceItemMapper.PART_OF))
            .expressionAttributeValues(values)
            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD));
  }

  /** A part of the slot's (combined) resource belongs to as many combined resources as read. */
  static TransactWriteItem partAsRead(String table, String part, int partOf) {
    Map<String, AttributeValue> values = new HashMap<>();
    return TxItems.check(
        ConditionCheck.builder()
            .tableName(table)
            .key(Attr.key(Keys.resource(part), "RESOURCE"))
            .conditionExpression("attribute_exists(PK) AND " + partOfCount(partOf, values))
            .expressionAttributeNames(Map.of("#partOf", ResourceItemMapper.PART_OF))
            .expressionAttributeValues(values.isEmpty() ? null : values));
  }

  /**
   * Whether a failed {@link #resourceAsRead} means the resource is off (or gone) rather than joined
   * to another combined resource since it was read.
   */
  static boolean resourceOff(Map<String, AttributeValue> old) {
    return Optional.ofNullable(old.get("status"))
        .map(AttributeValue::s)
        .map(status -> OperatingStatus.valueOf(status) != ACTIVE)
        .orElse(false);
  }

  private static String partOfCount(int read, Map<String, AttributeValue> values) {
    if (read == 0) {
      return "attribute_not_exists(#partOf)";
    }
    values.put(":partOfCount", n(read));
    return "size(#partOf) = :partOfCount";
  }
}
