package fairslot.catalog.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.SlotStatus;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.TxItems;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The slot item's own moves and their conditions: its creation, links to the slots it shares space
 * with, admission and status, the cancel and its finish, the minimum decision, and the venue's and
 * resource's revisions carried to it, and the staff's price and capacity edit. The seats bookings
 * take and give back are {@link SeatWrites}'s; these two are the only places a slot item is written
 * or checked (ItemOwnersTest).
 */
final class SlotWrites {
  private final String table;

  SlotWrites(String table) {
    this.table = table;
  }

  private static Map<String, AttributeValue> key(String slotId) {
    return Attr.key(Keys.slot(slotId), "SLOT");
  }

  /** A new slot, on condition there is none of its id. */
  TransactWriteItem create(Slot slot) {
    return TxItems.put(
        Put.builder()
            .tableName(table)
            .item(SlotItemMapper.toItem(slot))
            .conditionExpression("attribute_not_exists(PK)"));
  }

  /** The counterpart learns of the new slot: its takes now check that slot too. */
  TransactWriteItem link(String counterpart, String created) {
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(key(counterpart))
            .updateExpression("ADD #links :s")
            .conditionExpression("attribute_exists(PK)")
            .expressionAttributeNames(Map.of("#links", SlotRulesAttributes.COUNTERPARTS))
            .expressionAttributeValues(Map.of(":s", AttributeValue.fromSs(List.of(created)))));
  }

  /**
   * One counterpart is free: cancelled, or every seat on open sale (none booked, held, offered or
   * owed to its waitlist).
   */
  TransactWriteItem counterpartFree(String counterpart) {
    return TxItems.check(
        ConditionCheck.builder()
            .tableName(table)
            .key(key(counterpart))
            .conditionExpression(
                "#status = :cancelled OR (remaining = #capacity AND forWaitlist = :zero)")
            .expressionAttributeNames(Map.of("#status", "status", "#capacity", "capacity"))
            .expressionAttributeValues(
                Map.of(":cancelled", s(SlotStatus.CANCELLED.name()), ":zero", n(0))));
  }

  /** The admission changes (staff), for a slot that exists. */
  TransactWriteItem setAdmission(String slotId, Admission admission) {
    return update(
        slotId,
        "SET admission = :a",
        "attribute_exists(PK)",
        Map.of(),
        Map.of(":a", s(admission.name())));
  }

  /** Opened or closed (staff), on condition it is still in {@code from}. */
  TransactWriteItem moveStatus(String slotId, SlotStatus from, SlotStatus to) {
    return update(
        slotId,
        "SET #status = :to",
        "#status = :from",
        Map.of("#status", "status"),
        Map.of(":to", s(to.name()), ":from", s(from.name())));
  }

  /**
   * CANCELLED, marked for the finish-cancels job until its releases are done, on condition it is in
   * the status read. {@code mostTaken}: for the minimum decision's cancel, the most seats that may
   * be left unsold for the slot to still be short of its minimum (and its decision pending).
   */
  TransactWriteItem cancel(Slot slot, Instant at, OptionalInt mostTaken) {
    Map<String, AttributeValue> values =
        new HashMap<>(
            Map.of(
                ":cancelled",
                s(SlotStatus.CANCELLED.name()),
                ":seen",
                s(slot.status().name()),
                ":shard",
                s(Keys.shard("CANCELS", slot.slotId())),
                ":at",
                millis(at)));
    Map<String, String> names = new HashMap<>(Map.of("#status", "status"));
    String update = "SET #status = :cancelled, cancelDueShard = :shard, cancelDueAt = :at";
    String condition = "#status = :seen";
    if (mostTaken.isPresent()) {
      values.put(":pending", s(SlotRulesAttributes.PENDING));
      values.put(":cap", n(slot.capacity()));
      values.put(":most", n(mostTaken.getAsInt()));
      values.put(":under", s(SlotRulesAttributes.UNDER_MINIMUM));
      names.put("#capacity", "capacity");
      update += ", minDecision = :under, minDecidedAt = :at";
      condition += " AND minDecision = :pending AND #capacity = :cap AND remaining > :most";
    }
    return update(slot.slotId(), update, condition, names, values);
  }

  /** The cancel's releases are done: out of the finish-cancels job's index. */
  UpdateItemRequest cancelFinished(String slotId) {
    return UpdateItemRequest.builder()
        .tableName(table)
        .key(key(slotId))
        .updateExpression("REMOVE cancelDueShard, cancelDueAt")
        .build();
  }

  /**
   * The minimum is met: confirmed once, on condition the decision is pending, the slot is as read,
   * and no more than {@code most} seats are unsold.
   */
  UpdateItemRequest confirmMinimum(Slot slot, int most, Instant at) {
    return UpdateItemRequest.builder()
        .tableName(table)
        .key(key(slot.slotId()))
        .updateExpression(
            "SET minDecision = :confirmed, minDecidedAt = :at REMOVE cancelDueShard, cancelDueAt")
        .conditionExpression(
            "minDecision = :pending AND #status = :seen AND #capacity = :cap AND remaining <= :most")
        .expressionAttributeNames(Map.of("#status", "status", "#capacity", "capacity"))
        .expressionAttributeValues(
            Map.of(
                ":pending", s(SlotRulesAttributes.PENDING),
                ":cap", n(slot.capacity()),
                ":most", n(most),
                ":confirmed", s(SlotRulesAttributes.CONFIRMED),
                ":at", millis(at),
                ":seen", s(slot.status().name())))
        .build();
  }

  /**
   * A venue's or resource's revision carried to a future slot ({@code update} sets {@code revName}
   * to {@code :rev} and the copied terms), on condition the slot holds an older one.
   */
  UpdateItemRequest carryRevision(
      String slotId, String update, String revName, Map<String, AttributeValue> values) {
    return UpdateItemRequest.builder()
        .tableName(table)
        .key(key(slotId))
        .updateExpression(update)
        .conditionExpression(
            "attribute_exists(PK) AND (attribute_not_exists("
                + revName
                + ") OR "
                + revName
                + " < :rev)")
        .expressionAttributeValues(values)
        .build();
  }

  private TransactWriteItem update(
      String slotId,
      String update,
      String condition,
      Map<String, String> names,
      Map<String, AttributeValue> values) {
    Update.Builder u =
        Update.builder()
            .tableName(table)
            .key(key(slotId))
            .updateExpression(update)
            .conditionExpression(condition)
            .expressionAttributeValues(values);
    if (!names.isEmpty()) {
      u.expressionAttributeNames(names);
    }
    return TransactWriteItem.builder().update(u.build()).build();
  }

  /**
   * The price and capacity edit, on condition of every value the edit was judged on (status, seats,
   * waitlist, price, and that it has not started), so its audit's before and after are exact. New
   * seats owed to the waitlist mark the slot for the fallback job, as a release does.
   */
  TransactWriteItem edit(Slot seen, Slot next, Instant at) {
    Map<String, AttributeValue> values = new HashMap<>();
    values.put(":status", s(seen.status().name()));
    values.put(":cap", n(seen.capacity()));
    values.put(":rem", n(seen.remaining()));
    values.put(":fw", n(seen.forWaitlist()));
    values.put(":wl", n(seen.waitlistLength()));
    values.put(":p", n(seen.price().minor()));
    values.put(":c", s(seen.price().currency()));
    values.put(":now", millis(at));
    values.put(":ncap", n(next.capacity()));
    values.put(":nrem", n(next.remaining()));
    values.put(":nfw", n(next.forWaitlist()));
    values.put(":np", n(next.price().minor()));
    values.put(":nc", s(next.price().currency()));
    String update =
        "SET #capacity = :ncap, remaining = :nrem, forWaitlist = :nfw, priceMinor = :np,"
            + " currency = :nc";
    String removes =
        " REMOVE " + SeatCause.REMOVE; // the edit's audit states the fields before and after
    if (next.forWaitlist() > seen.forWaitlist()) {
      // New seats owed to the waitlist: mark the slot for the fallback job, as a release does.
      update += ", awaitShard = :shard, awaitSince = if_not_exists(awaitSince, :at)";
      values.put(":shard", s(Keys.shard("AWAIT", seen.slotId())));
      values.put(":at", millis(at));
    }
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(Attr.key(Keys.slot(seen.slotId()), "SLOT"))
            .updateExpression(update + removes)
            .conditionExpression(
                "#status = :status AND #capacity = :cap AND remaining = :rem"
                    + " AND forWaitlist = :fw AND waitlistLength = :wl"
                    + " AND priceMinor = :p AND currency = :c AND startAt > :now")
            .expressionAttributeNames(Map.of("#status", "status", "#capacity", "capacity"))
            .expressionAttributeValues(values));
  }
}
