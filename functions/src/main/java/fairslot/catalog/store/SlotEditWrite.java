package fairslot.catalog.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;
import static fairslot.table.AuditItemMapper.changed;

import fairslot.catalog.domain.Slot;
import fairslot.kernel.Change;
import fairslot.table.Attr;
import fairslot.table.AuditItemMapper;
import fairslot.table.Keys;
import fairslot.table.Transaction;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

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
    Map<String, AttributeValue> values = new HashMap<>();
    values.put(":status", s(seen.status().name()));
    values.put(":cap", n(seen.capacity()));
    values.put(":rem", n(seen.remaining()));
    values.put(":fw", n(seen.forWaitlist()));
    values.put(":wl", n(seen.waitlistLength()));
    values.put(":p", n(seen.price().minor()));
    values.put(":c", s(seen.price().currency()));
    values.put(":now", millis(change.at()));
    values.put(":ncap", n(next.capacity()));
    values.put(":nrem", n(next.remaining()));
    values.put(":nfw", n(next.forWaitlist()));
    values.put(":np", n(next.price().minor()));
    values.put(":nc", s(next.price().currency()));
    String update =
        "SET #capacity = :ncap, remaining = :nrem, forWaitlist = :nfw, priceMinor = :np,"
            + " currency = :nc";
    String removes =
        " REMOVE " + SeatCause.REMOVE; // audited below, with the fields before and after
    if (next.forWaitlist() > seen.forWaitlist()) {
      // New seats owed to the waitlist: mark the slot for the fallback job, as a release does.
      update += ", awaitShard = :shard, awaitSince = if_not_exists(awaitSince, :at)";
      values.put(":shard", s(Keys.shard("AWAIT", seen.slotId())));
      values.put(":at", millis(change.at()));
    }
    Optional<Transaction.Cancelled<Action>> cancelled =
        new Transaction<Action>()
            .add(
                Action.SLOT,
                TransactWriteItem.builder()
                    .update(
                        Update.builder()
                            .tableName(table)
                            .key(Attr.key(Keys.slot(seen.slotId()), "SLOT"))
                            .updateExpression(update + removes)
                            .conditionExpression(
                                "#status = :status AND #capacity = :cap AND remaining = :rem"
                                    + " AND forWaitlist = :fw AND waitlistLength = :wl"
                                    + " AND priceMinor = :p AND currency = :c AND startAt > :now")
                            .expressionAttributeNames(
                                Map.of("#status", "status", "#capacity", "capacity"))
                            .expressionAttributeValues(values)
                            .build())
                    .build())
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
