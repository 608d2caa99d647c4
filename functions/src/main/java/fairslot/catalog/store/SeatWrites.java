package fairslot.catalog.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.catalog.app.SeatCount;
import fairslot.catalog.domain.SeatTake;
import fairslot.catalog.domain.SlotStatus;
import fairslot.kernel.Change;
import fairslot.kernel.Money;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.TxItems;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The slot's seats, and only here: taken from open sale (the slot open, not started, holding them,
 * owing none to its waitlist), sold on a new booking under the terms it was priced at, and given
 * back (to the waitlist first while people wait). Each write states its rule as its condition. A
 * take of a slot that shares its space (combined resources) also checks its counterparts are free.
 */
public final class SeatWrites {
  private final String table;

  private static final String SEATS_CONDITION =
      "attribute_exists(PK) AND #status = :open AND startAt > :now AND remaining >= :q AND forWaitlist = :zero";

  private static final String NEW_SALE_CONDITION =
      " AND attribute_not_exists(venueDisabled) AND attribute_not_exists(resourceDisabled)";

  private static final String SAME_PRICE_CONDITION =
      " AND priceMinor = :unit AND currency = :currency";

  public SeatWrites(String table) {
    this.table = table;
  }

  /**
   * A seat owed to the waitlist is offered to the first in line: it leaves {@code forWaitlist} and
   * {@code remaining}, and the line is one shorter, unless the slot was cancelled meanwhile.
   */
  public TransactWriteItem offerSeat(String slotId, SeatCause cause) {
    Map<String, AttributeValue> values =
        new HashMap<>(Map.of(":one", n(1), ":cancelled", s(SlotStatus.CANCELLED.name())));
    cause.addValues(values);
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(Attr.key(Keys.slot(slotId), "SLOT"))
            .updateExpression(
                "SET forWaitlist = forWaitlist - :one, remaining = remaining - :one,"
                    + " waitlistLength = waitlistLength - :one, "
                    + SeatCause.SET)
            .conditionExpression(
                "forWaitlist >= :one AND waitlistLength >= :one AND #status <> :cancelled")
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(values));
  }

  /** A member stops waiting on the slot (left, or their wait closed): the line is one shorter. */
  public TransactWriteItem leaveWaitlist(String slotId) {
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(Attr.key(Keys.slot(slotId), "SLOT"))
            .updateExpression("SET waitlistLength = waitlistLength - :one")
            .conditionExpression("waitlistLength >= :one")
            .expressionAttributeValues(Map.of(":one", n(1))));
  }

  /**
   * One more member waits on the slot: only while it is open, not started, on sale (venue and
   * resource enabled) and has no seat on open sale (a free seat is booked, not waited for).
   */
  public TransactWriteItem joinWaitlist(String slotId, Instant now) {
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(Attr.key(Keys.slot(slotId), "SLOT"))
            .updateExpression("SET waitlistLength = waitlistLength + :one")
            .conditionExpression(
                "#status = :open AND startAt > :now AND remaining <= forWaitlist"
                    + NEW_SALE_CONDITION)
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(
                Map.of(":one", n(1), ":open", s(SlotStatus.OPEN.name()), ":now", millis(now)))
            .returnValuesOnConditionCheckFailure(Attr.ALL_OLD));
  }

  /**
   * Takes {@code q} seats on open sale: the slot is open, not started, has them, and owes none to
   * its waitlist (while seats are owed, nobody may book past the people waiting).
   */
  public TransactWriteItem takeSeats(SeatTake t, Change change) {
    return takeSeats(t, change, false);
  }

  /**
   * As above, for a new sale: also on condition that the slot's venue and resource are not disabled
   * and that the slot still sells at the booking's unit price under the policy revision the booking
   * copied (a new booking is made under the terms of the moment, even right after an edit).
   */
  public TransactWriteItem sellSeats(SeatTake t, Change change) {
    return takeSeats(t, change, true);
  }

  private TransactWriteItem takeSeats(SeatTake t, Change change, boolean newSale) {
    Map<String, AttributeValue> values =
        new HashMap<>(
            Map.of(
                ":q",
                n(t.quantity()),
                ":open",
                s(SlotStatus.OPEN.name()),
                ":now",
                millis(change.at()),
                ":zero",
                n(0)));
    SeatCause.of(change, SeatCause.booking(t.bookingId())).addValues(values);
    String condition =
        SEATS_CONDITION + " AND " + CounterpartLinks.sameLinks(t.counterparts(), values);
    if (newSale) {
      condition += NEW_SALE_CONDITION;
      // Paid with credits, a booking is not bound by the money price; the policy revision still
      // binds it.
      if (t.unitPrice().isPresent()) {
        condition += SAME_PRICE_CONDITION;
        Money unit = t.unitPrice().get();
        values.put(":unit", n(unit.minor()));
        values.put(":currency", s(unit.currency()));
      }
      values.put(":rev", n(t.policyRev()));
      if (t.policyRev() == 0) {
        // Slots written before venue edits existed carry no revision: they are at revision 0.
        condition += " AND (attribute_not_exists(venueRev) OR venueRev = :rev)";
      } else {
        condition += " AND venueRev = :rev";
      }
    }
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(Attr.key(Keys.slot(t.slotId()), "SLOT"))
            .updateExpression("SET remaining = remaining - :q, " + SeatCause.SET)
            .conditionExpression(condition)
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(values)
            .returnValuesOnConditionCheckFailure(Attr.ALL_OLD));
  }

  /**
   * With a take of a linked slot's seats (combined resources): each counterpart is free at that
   * moment. The take itself checks the links are still those the booking read.
   */
  public List<TransactWriteItem> counterpartsFree(Set<String> counterparts) {
    SlotWrites slots = new SlotWrites(table);
    return counterparts.stream().map(slots::counterpartFree).toList();
  }

  /**
   * Returns {@code q} seats to the slot, capped at capacity. With nobody waiting they go on open
   * sale; with members waiting they are owed to the waitlist ({@code forWaitlist}) and the slot is
   * marked for the fallback job. Each branch's condition states which case it is for; the store
   * tries the likelier one and switches when the slot says otherwise.
   */
  public TransactWriteItem returnSeats(
      String slotId, int quantity, SeatReturn how, Change change, String subject) {
    Instant at = change.at();
    Map<String, AttributeValue> values =
        new HashMap<>(
            Map.of(
                ":q",
                n(quantity),
                ":cap",
                n(how.capacity()),
                ":most",
                n(how.capacity() - quantity),
                ":zero",
                n(0)));
    SeatCause.of(change, subject).addValues(values);
    String update = "SET remaining = remaining + :q, " + SeatCause.SET;
    // The cap is judged against the capacity the slot has now (an admin may have changed it since
    // the booking was made): a changed capacity fails the write and it is retried with the new one.
    String condition = "#capacity = :cap AND remaining <= :most AND waitlistLength = :zero";
    if (how.toWaitlist()) {
      update +=
          ", forWaitlist = forWaitlist + :q, awaitShard = :shard, awaitSince = if_not_exists(awaitSince, :at)";
      condition = "#capacity = :cap AND remaining <= :most AND waitlistLength > :zero";
      values.put(":shard", s(Keys.shard("AWAIT", slotId)));
      values.put(":at", millis(at));
    }
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(Attr.key(Keys.slot(slotId), "SLOT"))
            .updateExpression(update)
            .conditionExpression(condition)
            .expressionAttributeNames(Map.of("#capacity", "capacity"))
            .expressionAttributeValues(values)
            .returnValuesOnConditionCheckFailure(Attr.ALL_OLD));
  }

  /**
   * Reconcile's repair: remaining set to what the recount says, on condition that the counter (and
   * capacity) are still what the count saw and that the seats owed to the waitlist still fit. The
   * seat audit skips it (no cause): the repair writes its own audit record.
   */
  public TransactWriteItem recount(SeatCount seen) {
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(Attr.key(Keys.slot(seen.slotId()), "SLOT"))
            .updateExpression("SET remaining = :expected REMOVE " + SeatCause.REMOVE)
            .conditionExpression(
                "remaining = :seen AND #capacity = :capacity AND forWaitlist <= :expected")
            .expressionAttributeNames(Map.of("#capacity", "capacity"))
            .expressionAttributeValues(
                Map.of(
                    ":expected",
                    n(seen.expectedRemaining()),
                    ":seen",
                    n(seen.remaining()),
                    ":capacity",
                    n(seen.capacity()))));
  }

  /**
   * How seats are returned: against which capacity, and to the waitlist or to open sale. The first
   * try is a guess from the booking's copy; a miss is corrected from the slot as it was.
   */
  public record SeatReturn(int capacity, boolean toWaitlist) {}

  /**
   * What a failed {@link #returnSeats} should be retried with, read from the slot as it was: its
   * capacity now and the branch its waitlist calls for. Empty if {@code tried} was already that, or
   * if the seats would exceed capacity (the books are off: never paper over that).
   */
  public static Optional<SeatReturn> retryFor(
      Map<String, AttributeValue> slot, int quantity, SeatReturn tried) {
    int capacity = Attr.integer(slot, "capacity");
    if (Attr.integer(slot, "remaining") > capacity - quantity) {
      return Optional.empty();
    }
    SeatReturn fits = new SeatReturn(capacity, Attr.integer(slot, "waitlistLength") > 0);
    return fits.equals(tried) ? Optional.empty() : Optional.of(fits);
  }

  /**
   * The slot's next place in its waitlist's join order (an atomic counter: numbers of failed joins
   * are simply skipped).
   */
  public UpdateItemRequest nextWaitSequence(String slotId) {
    return UpdateItemRequest.builder()
        .tableName(table)
        .key(Attr.key(Keys.slot(slotId), "SLOT"))
        .updateExpression("SET waitSequence = if_not_exists(waitSequence, :zero) + :one")
        .conditionExpression("attribute_exists(PK)")
        .expressionAttributeValues(Map.of(":zero", n(0), ":one", n(1)))
        .returnValues(ReturnValue.UPDATED_NEW)
        .build();
  }

  /**
   * Seats owed to a waitlist nobody waits in go back on open sale (they are already counted in
   * remaining), on condition the line is empty or nothing is owed.
   */
  public UpdateItemRequest settleOwedSeats(String slotId) {
    return UpdateItemRequest.builder()
        .tableName(table)
        .key(Attr.key(Keys.slot(slotId), "SLOT"))
        .updateExpression("SET forWaitlist = :zero REMOVE awaitShard, awaitSince")
        .conditionExpression("waitlistLength = :zero OR forWaitlist = :zero")
        .expressionAttributeValues(Map.of(":zero", n(0)))
        .build();
  }
}
