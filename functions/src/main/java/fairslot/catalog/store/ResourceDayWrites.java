package fairslot.catalog.store;

import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.catalog.domain.ResourceDay;
import fairslot.catalog.domain.Slot;
import fairslot.kernel.BoundedCache;
import fairslot.member.store.CalendarItemMapper;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.TxItems;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * The day of a resource with a changeover buffer or of an EXCLUSIVE one ({@code RESOURCE#<id>},
 * {@code CAL#<utc day>}): version and slotId → {start, end}. Its writes, and only here: a slot
 * added under the version seen, a cancelled slot taken out.
 */
final class ResourceDayWrites {
  private final String table;

  /**
   * Each day as this container last wrote it: the next slot of a day (a generated week of hourly
   * courts) guesses its version right instead of failing once on "not written yet". Only a guess:
   * the version condition still decides, and a miss comes back as the day is now.
   */
  private final BoundedCache<String, ResourceDay> lastWritten = new BoundedCache<>(2_000);

  ResourceDayWrites(String table) {
    this.table = table;
  }

  /** Every day a new slot is written to, as if unwritten (the first try of a creation). */
  static List<ResourceDay> unwritten(Slot slot) {
    return ResourceDay.daysOf(slot.interval(), slot.rules().bufferAfter()).stream()
        .map(day -> ResourceDay.empty(slot.resourceId(), day))
        .toList();
  }

  /** The days a new slot is written to, as last written here, else as if unwritten. */
  List<ResourceDay> guess(Slot slot) {
    return unwritten(slot).stream()
        .map(d -> lastWritten.get(d.resourceId() + "|" + d.day()).orElse(d))
        .toList();
  }

  /** The days as {@code slot}'s creation left them. */
  void written(List<ResourceDay> seen, Slot slot) {
    for (ResourceDay d : seen) {
      lastWritten.put(d.resourceId() + "|" + d.day(), d.with(slot.slotId(), slot.interval()));
    }
  }

  static ResourceDay fromItem(String resourceId, LocalDate day, Map<String, AttributeValue> item) {
    return new ResourceDay(
        resourceId, day, Attr.num(item, "version"), CalendarItemMapper.intervalsOf(item));
  }

  /** The day with the slot added, on condition it is still the version seen. */
  TransactWriteItem add(ResourceDay seen, Slot slot) {
    ResourceDay next = seen.with(slot.slotId(), slot.interval());
    Map<String, AttributeValue> item =
        new HashMap<>(Attr.key(Keys.resource(next.resourceId()), Keys.calendarDay(next.day())));
    item.put("type", s("RESOURCE_CALENDAR"));
    item.put("version", n(next.version()));
    item.put("entries", CalendarItemMapper.intervals(next.entries()));
    return atVersion(table, item, seen.version());
  }

  /**
   * A calendar day's put on condition it is still at version {@code seen} (0: not yet written),
   * returning the day as it is when it moved. Coaches', rooms' and resources' days alike.
   */
  static TransactWriteItem atVersion(String table, Map<String, AttributeValue> item, long seen) {
    Put.Builder put =
        Put.builder()
            .tableName(table)
            .item(item)
            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
    if (seen == 0) {
      put.conditionExpression("attribute_not_exists(PK)");
    } else {
      put.conditionExpression("version = :seen")
          .expressionAttributeValues(Map.of(":seen", n(seen)));
    }
    return TransactWriteItem.builder().put(put.build()).build();
  }

  /**
   * The cancelled slot out of each of its days: its neighbours' gaps no longer count it, and slots
   * created later do not link to it.
   */
  List<TransactWriteItem> remove(Slot slot) {
    if (!slot.rules().onResourceDays()) {
      return List.of();
    }
    return ResourceDay.daysOf(slot.interval(), slot.rules().bufferAfter()).stream()
        .map(
            day ->
                TxItems.update(
                    Update.builder()
                        .tableName(table)
                        .key(Attr.key(Keys.resource(slot.resourceId()), Keys.calendarDay(day)))
                        .updateExpression("REMOVE entries.#s SET version = version + :one")
                        .conditionExpression("attribute_exists(PK)")
                        .expressionAttributeNames(Map.of("#s", slot.slotId()))
                        .expressionAttributeValues(Map.of(":one", n(1)))))
        .toList();
  }
}
