package fairslot.store.dynamodb;

import static fairslot.store.dynamodb.Attr.millis;
import static fairslot.store.dynamodb.Attr.n;
import static fairslot.store.dynamodb.Attr.s;

import fairslot.app.Change;
import fairslot.domain.Booking;
import fairslot.domain.BookingStatus;
import fairslot.domain.MemberCalendar;
import fairslot.domain.SlotStatus;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * The conditional actions booking and payment transactions are built from. Each method states one
 * rule as a condition; the stores pick the actions a transition needs.
 */
final class TransactionParts {
  static final ReturnValuesOnConditionCheckFailure ALL_OLD =
      ReturnValuesOnConditionCheckFailure.ALL_OLD;

  private final String table;

  private static final String SEATS_CONDITION =
      "attribute_exists(PK) AND #status = :open AND startAt > :now AND remaining >= :q AND forWaitlist = :zero";

  private static final String NEW_SALE_CONDITION =
      " AND attribute_not_exists(venueDisabled) AND attribute_not_exists(resourceDisabled)";

  private static final String SAME_PRICE_CONDITION =
      " AND priceMinor = :unit AND currency = :currency";

  /** The price of one seat the booking was priced at (its amount is price x quantity). */
  static fairslot.domain.Money unitPrice(Booking b) {
    return new fairslot.domain.Money(b.amount().minor() / b.quantity(), b.amount().currency());
  }

  TransactionParts(String table) {
    this.table = table;
  }

  /**
   * Takes {@code q} seats on open sale: the slot is open, not started, has them, and owes none to
   * its waitlist (while seats are owed, nobody may book past the people waiting).
   */
  TransactWriteItem takeSeats(Booking b, Change change) {
    return takeSeats(b, change, Optional.empty());
  }

  /**
   * As above, for a new sale: also on condition that the slot's venue and resource are not disabled
   * and that the slot still sells at the booking's unit price under the policy revision the booking
   * copied (a new booking is made under the terms of the moment, even right after an edit).
   */
  TransactWriteItem sellSeats(Booking b, Change change) {
    return takeSeats(b, change, Optional.of(b));
  }

  private TransactWriteItem takeSeats(Booking b, Change change, Optional<Booking> newSale) {
    Map<String, AttributeValue> values =
        new HashMap<>(
            Map.of(
                ":q",
                n(b.quantity()),
                ":open",
                s(SlotStatus.OPEN.name()),
                ":now",
                millis(change.at()),
                ":zero",
                n(0)));
    SeatCause.of(change, SeatCause.booking(b.bookingId())).addValues(values);
    String condition = SEATS_CONDITION;
    if (newSale.isPresent()) {
      condition += NEW_SALE_CONDITION;
      // Paid with credits, a booking is not bound by the money price; the policy revision still
      // binds it.
      if (b.pass().isEmpty()) {
        condition += SAME_PRICE_CONDITION;
        fairslot.domain.Money unit = unitPrice(b);
        values.put(":unit", n(unit.minor()));
        values.put(":currency", s(unit.currency()));
      }
      values.put(":rev", n(b.slot().policyRev()));
      if (b.slot().policyRev() == 0) {
        // Slots written before venue edits existed carry no revision: they are at revision 0.
        condition += " AND (attribute_not_exists(venueRev) OR venueRev = :rev)";
      } else {
        condition += " AND venueRev = :rev";
      }
    }
    return TransactWriteItem.builder()
        .update(
            Update.builder()
                .tableName(table)
                .key(Attr.key(Keys.slot(b.slotId()), "SLOT"))
                .updateExpression("SET remaining = remaining - :q, " + SeatCause.SET)
                .conditionExpression(condition)
                .expressionAttributeNames(Map.of("#status", "status"))
                .expressionAttributeValues(values)
                .returnValuesOnConditionCheckFailure(ALL_OLD)
                .build())
        .build();
  }

  /**
   * Returns {@code q} seats to the slot, capped at capacity. With nobody waiting they go on open
   * sale; with members waiting they are owed to the waitlist ({@code forWaitlist}) and the slot is
   * marked for the fallback job. Each branch's condition states which case it is for; the store
   * tries the likelier one and switches when the slot says otherwise.
   */
  TransactWriteItem returnSeats(
      String slotId, int quantity, SeatReturn how, Change change, String subject) {
    java.time.Instant at = change.at();
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
    return TransactWriteItem.builder()
        .update(
            Update.builder()
                .tableName(table)
                .key(Attr.key(Keys.slot(slotId), "SLOT"))
                .updateExpression(update)
                .conditionExpression(condition)
                .expressionAttributeNames(Map.of("#capacity", "capacity"))
                .expressionAttributeValues(values)
                .returnValuesOnConditionCheckFailure(ALL_OLD)
                .build())
        .build();
  }

  /**
   * How seats are returned: against which capacity, and to the waitlist or to open sale. The first
   * try is a guess from the booking's copy; a miss is corrected from the slot as it was.
   */
  record SeatReturn(int capacity, boolean toWaitlist) {}

  /**
   * What a failed {@link #returnSeats} should be retried with, read from the slot as it was: its
   * capacity now and the branch its waitlist calls for. Empty if {@code tried} was already that, or
   * if the seats would exceed capacity (the books are off: never paper over that).
   */
  static Optional<SeatReturn> retryFor(
      Map<String, AttributeValue> slot, int quantity, SeatReturn tried) {
    int capacity = Attr.integer(slot, "capacity");
    if (Attr.integer(slot, "remaining") > capacity - quantity) {
      return Optional.empty();
    }
    SeatReturn fits = new SeatReturn(capacity, Attr.integer(slot, "waitlistLength") > 0);
    return fits.equals(tried) ? Optional.empty() : Optional.of(fits);
  }

  /** One active booking per member per slot. */
  TransactWriteItem putGuard(Booking b) {
    return TransactWriteItem.builder()
        .put(
            Put.builder()
                .tableName(table)
                .item(
                    Map.of(
                        Keys.PK,
                        s(Keys.slot(b.slotId())),
                        Keys.SK,
                        s(Keys.memberGuard(b.userId())),
                        "type",
                        s("MEMBER_GUARD"),
                        "bookingId",
                        s(b.bookingId())))
                .conditionExpression("attribute_not_exists(PK)")
                .returnValuesOnConditionCheckFailure(ALL_OLD)
                .build())
        .build();
  }

  TransactWriteItem deleteGuard(Booking b) {
    return TransactWriteItem.builder()
        .delete(
            Delete.builder()
                .tableName(table)
                .key(Attr.key(Keys.slot(b.slotId()), Keys.memberGuard(b.userId())))
                .conditionExpression("attribute_not_exists(PK) OR bookingId = :b")
                .expressionAttributeValues(Map.of(":b", s(b.bookingId())))
                .build())
        .build();
  }

  /**
   * Counts the booking in its member's upcoming bookings at the venue; with {@code limit}, only if
   * fewer than that are counted already. Counted for every booking, limited or not, so a limit set
   * later finds the count right.
   */
  TransactWriteItem countUpcoming(Booking b, java.util.OptionalInt limit) {
    return upcoming(b, 1, limit);
  }

  /** The booking leaves its member's upcoming bookings (cancelled, expired, refunded, attended). */
  TransactWriteItem uncountUpcoming(Booking b) {
    return upcoming(b, -1, java.util.OptionalInt.empty());
  }

  private TransactWriteItem upcoming(Booking b, int by, java.util.OptionalInt limit) {
    Update.Builder update =
        Update.builder()
            .tableName(table)
            .key(Attr.key(Keys.member(b.userId()), Keys.upcoming(b.slot().venueId())))
            .updateExpression("ADD upcoming :by SET #type = :type, venueId = :venue")
            .returnValuesOnConditionCheckFailure(ALL_OLD);
    Map<String, AttributeValue> values =
        new HashMap<>(
            Map.of(":by", n(by), ":type", s("UPCOMING"), ":venue", s(b.slot().venueId())));
    if (limit.isPresent()) {
      update.conditionExpression("attribute_not_exists(upcoming) OR upcoming < :limit");
      values.put(":limit", n(limit.getAsInt()));
    }
    return TransactWriteItem.builder()
        .update(
            update
                .expressionAttributeNames(Map.of("#type", "type"))
                .expressionAttributeValues(values)
                .build())
        .build();
  }

  /**
   * Spends the booking's pass credits (none for a membership) on condition the pass is the
   * member's, ACTIVE, of the slot's venue, valid at the slot's start and has the credits: never a
   * read then a write.
   */
  TransactWriteItem spendCredits(Booking b) {
    fairslot.domain.PassUse use = b.pass().orElseThrow();
    return TransactWriteItem.builder()
        .update(
            Update.builder()
                .tableName(table)
                .key(PassItemMapper.key(b.userId(), use.passId()))
                .updateExpression("SET creditsLeft = creditsLeft - :c")
                .conditionExpression(
                    "#status = :active AND venueId = :venue AND validUntil > :start"
                        + " AND creditsLeft >= :c")
                .expressionAttributeNames(Map.of("#status", "status"))
                .expressionAttributeValues(
                    Map.of(
                        ":c",
                        n(use.credits()),
                        ":active",
                        s(fairslot.domain.PassStatus.ACTIVE.name()),
                        ":venue",
                        s(b.slot().venueId()),
                        ":start",
                        millis(b.slot().interval().start())))
                .returnValuesOnConditionCheckFailure(ALL_OLD)
                .build())
        .build();
  }

  /**
   * Moves the booking's credits from held to {@code ledger}: {@code creditsLeft} when a cancel
   * returns them, {@code creditsUsed} at check-in, {@code creditsForfeited} at a no-show.
   */
  TransactWriteItem settleCredits(Booking b, String ledger) {
    fairslot.domain.PassUse use = b.pass().orElseThrow();
    return TransactWriteItem.builder()
        .update(
            Update.builder()
                .tableName(table)
                .key(PassItemMapper.key(b.userId(), use.passId()))
                .updateExpression("ADD " + ledger + " :c")
                .conditionExpression("attribute_exists(PK)")
                .expressionAttributeValues(Map.of(":c", n(use.credits())))
                .build())
        .build();
  }

  /** The member is not suspended at the booking's venue at {@code now} (no-show rule). */
  TransactWriteItem notSuspended(Booking b, java.time.Instant now) {
    return TransactWriteItem.builder()
        .conditionCheck(
            software.amazon.awssdk.services.dynamodb.model.ConditionCheck.builder()
                .tableName(table)
                .key(StandingItemMapper.key(b.userId(), b.slot().venueId()))
                .conditionExpression(
                    "attribute_not_exists(suspendedUntil) OR suspendedUntil <= :now")
                .expressionAttributeValues(Map.of(":now", millis(now)))
                .returnValuesOnConditionCheckFailure(ALL_OLD)
                .build())
        .build();
  }

  /** Writes the day with the booking's entry, on condition nobody changed it since {@code seen}. */
  TransactWriteItem addToCalendar(MemberCalendar seen, Booking b) {
    MemberCalendar next = seen.with(b.bookingId(), b.slot().interval());
    Put.Builder put =
        Put.builder()
            .tableName(table)
            .item(CalendarItemMapper.toItem(next))
            .returnValuesOnConditionCheckFailure(ALL_OLD);
    if (seen.version() == 0) {
      put.conditionExpression("attribute_not_exists(PK)");
    } else {
      put.conditionExpression("version = :seen")
          .expressionAttributeValues(Map.of(":seen", n(seen.version())));
    }
    return TransactWriteItem.builder().put(put.build()).build();
  }

  TransactWriteItem removeFromCalendar(Booking b, LocalDate day) {
    return TransactWriteItem.builder()
        .update(
            Update.builder()
                .tableName(table)
                .key(Attr.key(Keys.member(b.userId()), Keys.calendarDay(day)))
                .updateExpression("REMOVE entries.#b SET version = version + :one")
                .conditionExpression("attribute_exists(PK)")
                .expressionAttributeNames(Map.of("#b", b.bookingId()))
                .expressionAttributeValues(Map.of(":one", n(1)))
                .build())
        .build();
  }

  /**
   * Moves the booking item from {@code b.status()} to {@code to}, keeping its sparse index keys in
   * step with the new status. {@code extraCondition} is ANDed (e.g. the hold being due).
   */
  TransactWriteItem moveBooking(
      Booking b,
      BookingStatus to,
      Change change,
      String extraSet,
      String extraCondition,
      Map<String, AttributeValue> extraValues) {
    List<String> sets =
        new ArrayList<>(List.of("#status = :to", "updatedAt = :at", "version = :version"));
    List<String> removes = new ArrayList<>();
    Map<String, AttributeValue> values =
        new HashMap<>(
            Map.of(
                ":to",
                s(to.name()),
                ":from",
                s(b.status().name()),
                ":at",
                millis(change.at()),
                ":version",
                n(b.version() + 1)));
    if (b.status() == BookingStatus.PENDING_PAY) {
      removes.addAll(List.of("holdDueShard", "holdDueAt", "holdSlot"));
    }
    if (b.status() == BookingStatus.PAID) {
      removes.addAll(List.of("attendDueShard", "attendDueAt"));
    }
    if (to == BookingStatus.PAID) {
      BookingItemMapper.attendanceIndexKeys(b)
          .forEach(
              (k, v) -> {
                sets.add(k + " = :" + k);
                values.put(":" + k, v);
              });
    }
    // The reminder owed in the new status replaces the old one's (a paid hold's warning becomes
    // the session's reminder); a booking leaving PENDING_PAY or PAID for good is owed none.
    java.util.Optional<fairslot.domain.Reminder> owed =
        fairslot.domain.Reminder.owed(to, b.holdExpiresAt(), b.slot(), change.at());
    if (owed.isPresent()) {
      BookingItemMapper.reminderKeys(b, owed.get())
          .forEach(
              (k, v) -> {
                sets.add(k + " = :" + k);
                values.put(":" + k, v);
              });
    } else if (b.status() == BookingStatus.PENDING_PAY || b.status() == BookingStatus.PAID) {
      removes.addAll(BookingItemMapper.REMINDER_ATTRIBUTES);
    }
    if (!extraSet.isEmpty()) {
      sets.add(extraSet);
    }
    values.putAll(extraValues);
    String condition =
        "#status = :from" + (extraCondition.isEmpty() ? "" : " AND " + extraCondition);
    if (change.dueBy().isPresent()) {
      condition += " AND holdExpiresAt <= :dueBy";
      values.put(":dueBy", millis(change.dueBy().get()));
    }
    return TransactWriteItem.builder()
        .update(
            Update.builder()
                .tableName(table)
                .key(Attr.key(Keys.booking(b.bookingId()), "BOOKING"))
                .updateExpression(
                    "SET "
                        + String.join(", ", sets)
                        + (removes.isEmpty() ? "" : " REMOVE " + String.join(", ", removes)))
                .conditionExpression(condition)
                .expressionAttributeNames(Map.of("#status", "status"))
                .expressionAttributeValues(values)
                .returnValuesOnConditionCheckFailure(ALL_OLD)
                .build())
        .build();
  }

  /** Remembers a provider event id forever-ish; a second delivery fails this condition. */
  TransactWriteItem rememberPaymentEvent(String eventId, String paymentNo, java.time.Instant at) {
    return TransactWriteItem.builder()
        .put(
            Put.builder()
                .tableName(table)
                .item(
                    Map.of(
                        Keys.PK,
                        s(Keys.paymentEvent(eventId)),
                        Keys.SK,
                        s("PAYEVENT"),
                        "type",
                        s("PAYMENT_EVENT"),
                        "paymentNo",
                        s(paymentNo),
                        "at",
                        millis(at),
                        "ttl",
                        n(at.plusSeconds(90L * 24 * 3600).getEpochSecond())))
                .conditionExpression("attribute_not_exists(PK)")
                .build())
        .build();
  }

  /** Puts a payment up for refund of {@code refund} now (attempts start at 0). */
  TransactWriteItem requestRefund(
      String paymentNo, String expectedStatus, java.time.Instant at, fairslot.domain.Money refund) {
    return requestRefund(
        paymentNo,
        expectedStatus,
        at,
        ", refundMinor = :refund",
        Map.of(":refund", n(refund.minor())));
  }

  /** Finance restarts a REFUND_FAILED payment's refund: due now, attempts from 0, next round. */
  TransactWriteItem restartRefund(fairslot.domain.Payment p, java.time.Instant at) {
    return requestRefund(
        p.paymentNo(),
        fairslot.domain.PaymentStatus.REFUND_FAILED.name(),
        at,
        ", refundRound = :round",
        Map.of(":round", n(p.refundRound() + 1)));
  }

  private TransactWriteItem requestRefund(
      String paymentNo,
      String expectedStatus,
      java.time.Instant at,
      String extraSet,
      Map<String, AttributeValue> extraValues) {
    Map<String, AttributeValue> values =
        new HashMap<>(
            Map.of(
                ":refunding",
                s(fairslot.domain.PaymentStatus.REFUNDING),
                ":zero",
                n(0),
                ":shard",
                s(Keys.shard("REFUNDS", paymentNo)),
                ":at",
                millis(at),
                ":expected",
                s(expectedStatus)));
    values.putAll(extraValues);
    return TransactWriteItem.builder()
        .update(
            Update.builder()
                .tableName(table)
                .key(Attr.key(Keys.payment(paymentNo), "PAYMENT"))
                .updateExpression(
                    "SET #status = :refunding, refundAttempts = :zero, refundDueShard = :shard,"
                        + " refundDueAt = :at"
                        + extraSet
                        // a late payment's refund leaves PENDING: out of the reconcile index too
                        + " REMOVE payCheckShard, payCheckAt")
                .conditionExpression("#status = :expected")
                .expressionAttributeNames(Map.of("#status", "status"))
                .expressionAttributeValues(values)
                .build())
        .build();
  }

  /**
   * A payment's move from {@code from} to {@code to}; {@code refundSettled} ends its place in the
   * refund job's index.
   */
  TransactWriteItem paymentMove(
      fairslot.domain.Payment p,
      fairslot.domain.PaymentStatus from,
      fairslot.domain.PaymentStatus to,
      boolean refundSettled) {
    return TransactWriteItem.builder()
        .update(
            Update.builder()
                .tableName(table)
                .key(Attr.key(Keys.payment(p.paymentNo()), "PAYMENT"))
                .updateExpression(
                    "SET #status = :to REMOVE payCheckShard, payCheckAt"
                        + (refundSettled ? ", refundDueShard, refundDueAt" : ""))
                .conditionExpression("#status = :from")
                .expressionAttributeNames(Map.of("#status", "status"))
                .expressionAttributeValues(Map.of(":to", s(to.name()), ":from", s(from.name())))
                .build())
        .build();
  }
}
