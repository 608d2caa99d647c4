package fairslot.catalog.store;

import static fairslot.table.AuditItemMapper.changed;

import fairslot.catalog.domain.Slot;
import fairslot.kernel.Change;
import fairslot.table.AuditItemMapper;
import fairslot.table.Keys;
import fairslot.table.Transaction;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A slot's price and capacity edit: one transaction of the slot update, conditioned on every value
 * the edit was judged on (so its audit's before and after are exact), and the audit record.
 */
final class SlotEditWrite {

  /** The named actions of this file's transactions: a cancellation is read by these. */
  private enum Action {
    AUDIT,
    SLOT
  }

  private final DynamoDbClient dynamo;
  private final String table;

  SlotEditWrite(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  boolean write(Slot seen, Slot next, Change change) {
    Optional<Transaction.Cancelled<Action>> cancelled =
        new Transaction<Action>()
            .add(Action.SLOT, new SlotWrites(table).edit(seen, next, change.at()))
            .add(Action.AUDIT, audit(seen, next, change))
            .commit(dynamo);
    if (cancelled.isEmpty()) {
      return true;
    }
    if (cancelled.get().failed(Action.SLOT)) {
      return false;
    }
    throw cancelled.get().exception();
  }

  private TransactWriteItem audit(Slot seen, Slot next, Change change) {
    Map<String, Object> before = new LinkedHashMap<>();
    Map<String, Object> after = new LinkedHashMap<>();
    changed(before, after, "capacity", seen.capacity(), next.capacity());
    if (seen.capacity() != next.capacity()) {
      // A seat change: the stock before and after, always stated.
      before.put("remaining", seen.remaining());
      after.put("remaining", next.remaining());
    }
    changed(before, after, "forWaitlist", seen.forWaitlist(), next.forWaitlist());
    changed(before, after, "priceMinor", seen.price().minor(), next.price().minor());
    changed(before, after, "currency", seen.price().currency(), next.price().currency());
    Map<String, AttributeValue> item =
        AuditItemMapper.withFields(
            AuditItemMapper.toItem(
                Keys.slot(seen.slotId()),
                "slot:" + seen.slotId(),
                seen.status().name(),
                next.status().name(),
                change),
            before,
            after);
    return TransactWriteItem.builder()
        .put(Put.builder().tableName(table).item(item).build())
        .build();
  }
}
