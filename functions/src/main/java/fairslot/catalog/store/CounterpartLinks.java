package fairslot.catalog.store;

import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.ResourceDay;
import fairslot.catalog.domain.ResourceKind;
import fairslot.catalog.domain.SlotStatus;
import fairslot.kernel.Interval;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.TxItems;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * Combined resources (v1.2): the links between slots that share space, and only here. A slot is
 * linked, when it is created, to every slot of a space-sharing resource (a full court and its
 * halves) that overlaps it in time, both ways; the sharing resources' days are checked at the
 * version read, so two such slots created at once cannot both miss each other. Taking seats of a
 * linked slot is on condition that every counterpart is free (cancelled, or all its seats on open
 * sale) and that its links are still those read; seats given back need nothing, since a counterpart
 * reads them at its own next take. docs/data-model.md "Combined resources".
 */
public final class CounterpartLinks {
  private CounterpartLinks() {}

  /**
   * Makes {@code part} a part of {@code combined}: an EXCLUSIVE resource of the same venue, not
   * itself combined. Its revision moves, so an edit of the part read before cannot drop the link.
   */
  static TransactWriteItem joinPart(String table, String part, Resource combined) {
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(Attr.key(Keys.resource(part), "RESOURCE"))
            .updateExpression("ADD #partOf :c SET rev = if_not_exists(rev, :zero) + :one")
            .conditionExpression(
                "attribute_exists(PK) AND venueId = :v AND kind = :exclusive"
                    + " AND attribute_not_exists(#parts)")
            .expressionAttributeNames(
                Map.of("#partOf", ResourceItemMapper.PART_OF, "#parts", ResourceItemMapper.PARTS))
            .expressionAttributeValues(
                Map.of(
                    ":c",
                    AttributeValue.fromSs(List.of(combined.resourceId())),
                    ":v",
                    s(combined.venueId()),
                    ":exclusive",
                    s(ResourceKind.EXCLUSIVE.name()),
                    ":zero",
                    n(0),
                    ":one",
                    n(1))));
  }

  /** The days of each space-sharing resource that {@code session} touches, as if unwritten. */
  static List<ResourceDay> unwrittenDays(Set<String> sharing, Interval session) {
    List<ResourceDay> days = new ArrayList<>();
    for (String resourceId : new TreeSet<>(sharing)) {
      for (LocalDate day : session.utcDays()) {
        days.add(ResourceDay.empty(resourceId, day));
      }
    }
    return days;
  }

  /** The slots on {@code days} that overlap {@code session}: the new slot's counterparts. */
  static Set<String> overlapping(List<ResourceDay> days, Interval session) {
    Set<String> found = new TreeSet<>();
    for (ResourceDay day : days) {
      day.entries()
          .forEach(
              (slotId, at) -> {
                if (at.overlaps(session)) {
                  found.add(slotId);
                }
              });
    }
    return found;
  }

  /** A sharing resource's day is still at the version read (0: not written yet). */
  static TransactWriteItem dayUnchanged(String table, ResourceDay seen) {
    ConditionCheck.Builder check =
        ConditionCheck.builder()
            .tableName(table)
            .key(Attr.key(Keys.resource(seen.resourceId()), Keys.calendarDay(seen.day())))
            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
    if (seen.version() == 0) {
      check.conditionExpression("attribute_not_exists(PK)");
    } else {
      check
          .conditionExpression("version = :seen")
          .expressionAttributeValues(Map.of(":seen", n(seen.version())));
    }
    return TransactWriteItem.builder().conditionCheck(check.build()).build();
  }

  /**
   * The part of a take's condition on the slot itself: its links are still the ones the booking
   * read (a counterpart created since would otherwise go unchecked).
   */
  public static String sameLinks(Set<String> read, Map<String, AttributeValue> values) {
    if (read.isEmpty()) {
      return "attribute_not_exists(" + SlotRulesAttributes.COUNTERPARTS + ")";
    }
    values.put(":linkCount", n(read.size()));
    return "size(" + SlotRulesAttributes.COUNTERPARTS + ") = :linkCount";
  }

  /** Whether the slot item's links are those read. */
  public static boolean linksAsRead(Set<String> read, Map<String, AttributeValue> slot) {
    return SlotRulesAttributes.counterparts(slot).equals(read);
  }

  /** As {@link SlotWrites#counterpartFree}, judged on a read item (views, reconcile). */
  public static boolean occupied(Map<String, AttributeValue> slot) {
    return !SlotStatus.CANCELLED.name().equals(Attr.str(slot, "status"))
        && (Attr.integer(slot, "remaining") != Attr.integer(slot, "capacity")
            || Attr.integer(slot, "forWaitlist") != 0);
  }
}
