package fairslot.catalog.store;

import static fairslot.table.Attr.n;

import fairslot.catalog.app.CatalogStore.MinimumDecided;
import fairslot.catalog.domain.Assignee;
import fairslot.catalog.domain.Minimum;
import fairslot.catalog.domain.MinimumDecision;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.SlotStatus;
import fairslot.kernel.Change;
import fairslot.kernel.Outcome;
import fairslot.kernel.Refusal;
import fairslot.table.Attr;
import fairslot.table.AuditItemMapper;
import fairslot.table.Keys;
import fairslot.table.TxItems;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * Cancels a slot in one transaction: the status (marked until every booking is released), the
 * coach's, room's and resource's days freed, the audit record; and makes a slot's
 * minimum-participants decision, whose "too few" branch is this same cancel. The bookings are
 * released afterwards, one by one (SlotCancellation and the finish-cancels job).
 */
final class SlotCancel {
  private final DynamoDbClient dynamo;
  private final String table;
  private final Function<String, Optional<Slot>> findSlot;
  private final ResourceDayWrites resourceDays;

  SlotCancel(DynamoDbClient dynamo, String table, Function<String, Optional<Slot>> findSlot) {
    this.dynamo = dynamo;
    this.table = table;
    this.findSlot = findSlot;
    this.resourceDays = new ResourceDayWrites(table);
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
      try {
        dynamo.transactWriteItems(r -> r.transactItems(actions(slot, change, OptionalInt.empty())));
        return Outcome.done(slot.with(SlotStatus.CANCELLED));
      } catch (TransactionCanceledException moved) {
        // The slot's status moved (or a calendar day went): read it again. Contention never lands
        // here; the SDK's retry policy (AwsRetries) has retried it.
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the slot is busy; try again");
  }

  /**
   * The minimum-participants decision of a slot due for it, made once: confirmed on condition the
   * seats taken still reach the minimum, or cancelled (as by staff, reason UNDER_MINIMUM) on
   * condition they are still short of it. A booking or cancel landing in between fails the
   * condition and the slot is judged again as it is then. Empty if there is no slot.
   */
  Optional<MinimumDecided> decideMinimum(String slotId, Change change) {
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      Optional<Slot> found = findSlot.apply(slotId);
      if (found.isEmpty()) {
        return Optional.empty();
      }
      Slot slot = found.get();
      Optional<Minimum> minimum = slot.rules().minimum();
      if (minimum.isEmpty()
          || !(minimum.get().decision() instanceof MinimumDecision.Pending)
          || slot.status() == SlotStatus.CANCELLED) {
        return Optional.of(new MinimumDecided(slot, false));
      }
      Minimum m = minimum.get();
      boolean met = m.metBy(slot.taken());
      int most = slot.capacity() - m.participants(); // unsold seats at most, to be met
      try {
        if (met) {
          dynamo.updateItem(new SlotWrites(table).confirmMinimum(slot, most, change.at()));
          return Optional.of(
              new MinimumDecided(
                  slot.withRules(
                      slot.rules().with(m.decided(new MinimumDecision.Confirmed(change.at())))),
                  true));
        }
        dynamo.transactWriteItems(
            r -> r.transactItems(actions(slot, change, OptionalInt.of(most))));
        return Optional.of(
            new MinimumDecided(
                slot.with(SlotStatus.CANCELLED)
                    .withRules(
                        slot.rules()
                            .with(m.decided(new MinimumDecision.UnderMinimum(change.at())))),
                true));
      } catch (ConditionalCheckFailedException | TransactionCanceledException moved) {
        // A seat was taken or given back meanwhile (or another run decided): judge it again.
      }
    }
    return Optional.empty();
  }

  /**
   * The cancel's transaction; {@code underMinimum}, the values of the minimum condition when it is
   * the minimum decision that cancels.
   */
  private List<TransactWriteItem> actions(Slot slot, Change change, OptionalInt underMinimum) {
    String slotId = slot.slotId();
    List<TransactWriteItem> actions = new ArrayList<>();
    // Marked until the cancel has released everything: the finish-cancels job completes a run
    // that was cut off (a timed-out request nobody retried).
    actions.add(new SlotWrites(table).cancel(slot, change.at(), underMinimum));
    // The coach and room are free again for that time.
    for (Assignee.Ref ref : slot.assignment().refs()) {
      for (LocalDate day : slot.interval().utcDays()) {
        actions.add(
            TxItems.update(
                Update.builder()
                    .tableName(table)
                    .key(
                        Attr.key(Keys.assignee(ref.kind().name(), ref.id()), Keys.calendarDay(day)))
                    .updateExpression("REMOVE entries.#s SET version = version + :one")
                    .conditionExpression("attribute_exists(PK)")
                    .expressionAttributeNames(Map.of("#s", slotId))
                    .expressionAttributeValues(Map.of(":one", n(1)))));
      }
    }
    actions.addAll(resourceDays.remove(slot));
    actions.add(
        TxItems.put(
            Put.builder()
                .tableName(table)
                .item(
                    AuditItemMapper.toItem(
                        Keys.slot(slotId),
                        "slot:" + slotId,
                        slot.status().name(),
                        SlotStatus.CANCELLED.name(),
                        change))));
    return actions;
  }
}
