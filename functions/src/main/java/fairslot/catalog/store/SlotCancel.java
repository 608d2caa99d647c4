package fairslot.catalog.store;

import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.catalog.domain.Assignee;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.SlotStatus;
import fairslot.kernel.Change;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.table.Attr;
import fairslot.table.AuditItemMapper;
import fairslot.table.Keys;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * Cancels a slot in one transaction: the status (marked until every booking is released), the
 * coach's and room's days freed, the audit record. The bookings are released afterwards, one by one
 * (SlotCancellation and the finish-cancels job).
 */
final class SlotCancel {
  private final DynamoDbClient dynamo;
  private final String table;
  private final Function<String, Optional<Slot>> findSlot;

  SlotCancel(DynamoDbClient dynamo, String table, Function<String, Optional<Slot>> findSlot) {
    this.dynamo = dynamo;
    this.table = table;
    this.findSlot = findSlot;
  }

  /** Each miss means another writer moved the slot; a few re-reads settle it. */
  private static final int ATTEMPTS = 8;

  Outcome<Slot> cancel(String slotId, Change change) {
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      Optional<Slot> found = findSlot.apply(slotId);
      if (found.isEmpty()) {
        return Outcome.refused(Refusal.NOT_FOUND, "no slot " + slotId);
      }
      Slot slot = found.get();
      if (slot.status() == SlotStatus.CANCELLED) {
        return Outcome.done(slot);
      }
      List<TransactWriteItem> actions = new ArrayList<>();
      // Marked until the cancel has released everything: the finish-cancels job completes a run
      // that was cut off (a timed-out request nobody retried).
      actions.add(
          TransactWriteItem.builder()
              .update(
                  Update.builder()
                      .tableName(table)
                      .key(Attr.key(Keys.slot(slotId), "SLOT"))
                      .updateExpression(
                          "SET #status = :cancelled, cancelDueShard = :shard, cancelDueAt = :at")
                      .conditionExpression("#status = :seen")
                      .expressionAttributeNames(Map.of("#status", "status"))
                      .expressionAttributeValues(
                          Map.of(
                              ":cancelled",
                              s(SlotStatus.CANCELLED.name()),
                              ":seen",
                              s(slot.status().name()),
                              ":shard",
                              s(Keys.shard("CANCELS", slotId)),
                              ":at",
                              Attr.millis(change.at())))
                      .build())
              .build());
      // The coach and room are free again for that time.
      for (Assignee.Ref ref : slot.assignment().refs()) {
        for (LocalDate day : slot.interval().utcDays()) {
          actions.add(
              TransactWriteItem.builder()
                  .update(
                      Update.builder()
                          .tableName(table)
                          .key(Attr.key(Keys.assignee(ref), Keys.calendarDay(day)))
                          .updateExpression("REMOVE entries.#s SET version = version + :one")
                          .conditionExpression("attribute_exists(PK)")
                          .expressionAttributeNames(Map.of("#s", slotId))
                          .expressionAttributeValues(Map.of(":one", n(1)))
                          .build())
                  .build());
        }
      }
      actions.add(
          TransactWriteItem.builder()
              .put(
                  Put.builder()
                      .tableName(table)
                      .item(
                          AuditItemMapper.toItem(
                              Keys.slot(slotId),
                              "slot:" + slotId,
                              slot.status().name(),
                              SlotStatus.CANCELLED.name(),
                              change))
                      .build())
              .build());
      try {
        dynamo.transactWriteItems(r -> r.transactItems(actions));
        return Outcome.done(slot.with(SlotStatus.CANCELLED));
      } catch (TransactionCanceledException moved) {
        // The slot's status moved (or a calendar day went): read it again. Contention never lands
        // here; the SDK's retry policy (AwsRetries) has retried it.
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the slot is busy; try again");
  }
}
