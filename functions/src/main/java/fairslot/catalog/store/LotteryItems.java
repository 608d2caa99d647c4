package fairslot.catalog.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.s;

import fairslot.catalog.domain.Lottery;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.TxItems;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The lottery item, {@code SLOT#<id> / LOTTERY}: its mapper and its one builder. On the cancels-due
 * index (family {@code LOTTERIES}) from creation until drawn, so the draw job reads only the due.
 */
final class LotteryItems {
  static final String FAMILY = "LOTTERIES";
  static final String SK = "LOTTERY";

  private LotteryItems() {}

  static Map<String, AttributeValue> key(String slotId) {
    return Attr.key(Keys.slot(slotId), SK);
  }

  /** The new lottery, put in its slot's creation transaction. */
  static TransactWriteItem create(String table, Lottery l) {
    Map<String, AttributeValue> item = new HashMap<>(key(l.slotId()));
    item.put("type", s("LOTTERY"));
    item.put("slotId", s(l.slotId()));
    item.put("closesAt", millis(l.closesAt()));
    item.put("seed", s(l.seed()));
    item.put("seedHash", s(l.seedHash()));
    item.put("status", s(l.status().name()));
    item.put("cancelDueShard", s(Keys.shard(FAMILY, l.slotId())));
    item.put("cancelDueAt", millis(l.closesAt()));
    return TxItems.put(
        Put.builder().tableName(table).item(item).conditionExpression("attribute_not_exists(PK)"));
  }

  static Lottery fromItem(Map<String, AttributeValue> item) {
    return new Lottery(
        Attr.str(item, "slotId"),
        Attr.instant(item, "closesAt"),
        Attr.str(item, "seed"),
        Attr.str(item, "seedHash"),
        Lottery.Status.valueOf(Attr.str(item, "status")),
        Attr.optionalString(item, "drawer"),
        Attr.optionalInstant(item, "leaseUntil"),
        Attr.optionalInstant(item, "drawnAt"));
  }

  static Optional<Lottery> fromNullable(Map<String, AttributeValue> item) {
    return item == null || item.isEmpty() ? Optional.empty() : Optional.of(fromItem(item));
  }
}
