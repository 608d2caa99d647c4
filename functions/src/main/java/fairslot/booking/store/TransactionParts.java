package fairslot.booking.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.kernel.Change;
import fairslot.member.domain.MemberCalendar;
import fairslot.member.store.CalendarItemMapper;
import fairslot.member.store.StandingItemMapper;
import fairslot.pass.store.PassItemMapper;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
public final class TransactionParts {
  public static final ReturnValuesOnConditionCheckFailure ALL_OLD =
      ReturnValuesOnConditionCheckFailure.ALL_OLD;

  private final String table;

  public TransactionParts(String table) {
    this.table = table;
  }

  /** One active booking per member per slot. */
  public TransactWriteItem putGuard(Booking b) {
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
  public TransactWriteItem countUpcoming(Booking b, java.util.OptionalInt limit) {
    return upcoming(b, 1, limit);
  }

  /** The booking leaves its member's upcoming bookings (cancelled, expired, refunded, attended). */
  public TransactWriteItem uncountUpcoming(Booking b) {
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
    fairslot.pass.domain.PassUse use = b.pass().orElseThrow();
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
                        s(fairslot.pass.domain.PassStatus.ACTIVE.name()),
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
  public TransactWriteItem settleCredits(Booking b, String ledger) {
    fairslot.pass.domain.PassUse use = b.pass().orElseThrow();
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
  public TransactWriteItem notSuspended(Booking b, java.time.Instant now) {
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
  public TransactWriteItem addToCalendar(MemberCalendar seen, Booking b) {
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
  public TransactWriteItem moveBooking(
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
    java.util.Optional<fairslot.notification.domain.Reminder> owed =
        fairslot.notification.domain.Reminder.owed(to, b.holdExpiresAt(), b.slot(), change.at());
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
}
