package fairslot.booking.store;

import static fairslot.table.Attr.ALL_OLD;
import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingStatus;
import fairslot.booking.domain.Reminder;
import fairslot.kernel.Change;
import fairslot.kernel.Money;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.TxItems;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/** The booking item's moves: the one place its status, version and sparse index keys change. */
public final class BookingWrites {
  /** How long an expired hold is kept: a month of questions about it; no money moved. */
  static final Duration EXPIRED_KEPT = Duration.ofDays(30);

  private final String table;

  public BookingWrites(String table) {
    this.table = table;
  }

  /** A new booking, on condition there is none of its id. */
  public TransactWriteItem create(Booking b) {
    return TxItems.put(
        Put.builder()
            .tableName(table)
            .item(BookingItemMapper.toItem(b))
            .conditionExpression("attribute_not_exists(PK)"));
  }

  /**
   * Moves the booking item from {@code b.status()} to {@code to}, keeping its sparse index keys in
   * step with the new status, on condition it is still the booking read (its status and version).
   * {@code extraCondition} is ANDed (e.g. the hold being due).
   */
  public TransactWriteItem move(
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
    Optional<Reminder> owed = BookingItemMapper.owedReminder(b, to, change.at());
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
    // Retention (docs/security.md): an expired hold is deleted by TTL after EXPIRED_KEPT; a late
    // payment's revival of one takes the expiry away again.
    boolean ttl = false;
    if (to == BookingStatus.EXPIRED) {
      sets.add("#ttl = :ttl");
      values.put(":ttl", n(change.at().plus(EXPIRED_KEPT).getEpochSecond()));
      ttl = true;
    } else if (b.status() == BookingStatus.EXPIRED) {
      removes.add("#ttl");
      ttl = true;
    }
    if (!extraSet.isEmpty()) {
      sets.add(extraSet);
    }
    values.putAll(extraValues);
    // The booking as read, not only its status: a transfer or a reschedule keeps the status but
    // changes the owner or the slot whose guard, counts, calendar and seats the rest of the move's
    // transaction writes (found by chaos: a slot cancel released a booking given away meanwhile).
    values.put(":seen", n(b.version()));
    String condition =
        "#status = :from AND version = :seen"
            + (extraCondition.isEmpty() ? "" : " AND " + extraCondition);
    if (change.dueBy().isPresent()) {
      condition += " AND holdExpiresAt <= :dueBy";
      values.put(":dueBy", millis(change.dueBy().get()));
    }
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(Attr.key(Keys.booking(b.bookingId()), "BOOKING"))
            .updateExpression(
                "SET "
                    + String.join(", ", sets)
                    + (removes.isEmpty() ? "" : " REMOVE " + String.join(", ", removes)))
            .conditionExpression(condition)
            .expressionAttributeNames(
                ttl ? Map.of("#status", "status", "#ttl", "ttl") : Map.of("#status", "status"))
            .expressionAttributeValues(values)
            .returnValuesOnConditionCheckFailure(ALL_OLD));
  }

  /**
   * A payment starts on the booking: it names {@code paymentNo}, on condition it is a hold still
   * running that names none. On a failure the booking comes back (another payment already started).
   */
  public TransactWriteItem attachPayment(String bookingId, String paymentNo, Instant now) {
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(Attr.key(Keys.booking(bookingId), "BOOKING"))
            .updateExpression("SET paymentNo = :p")
            .conditionExpression(
                "#status = :pending AND holdExpiresAt > :now AND attribute_not_exists(paymentNo)")
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(
                Map.of(
                    ":p",
                    s(paymentNo),
                    ":pending",
                    s(BookingStatus.PENDING_PAY),
                    ":now",
                    millis(now)))
            .returnValuesOnConditionCheckFailure(ALL_OLD));
  }

  /**
   * A failed payment is forgotten by the booking that names it; one naming another payment (the
   * desk's, paid meanwhile) keeps that one.
   */
  public TransactWriteItem forgetPayment(String bookingId, String paymentNo) {
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(Attr.key(Keys.booking(bookingId), "BOOKING"))
            .updateExpression("REMOVE paymentNo")
            .conditionExpression("attribute_not_exists(paymentNo) OR paymentNo = :p")
            .expressionAttributeValues(Map.of(":p", s(paymentNo))));
  }

  /**
   * The reminder owed is sent: its keys go, on condition it is still the one read (a move or a
   * transfer since owes another).
   */
  public TransactWriteItem reminded(String bookingId, String kind, Instant due) {
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(Attr.key(Keys.booking(bookingId), "BOOKING"))
            .updateExpression("REMOVE " + String.join(", ", BookingItemMapper.REMINDER_ATTRIBUTES))
            .conditionExpression("remindKind = :kind AND notifyDueAt = :due")
            .expressionAttributeValues(Map.of(":kind", s(kind), ":due", millis(due))));
  }

  /**
   * Part of a PAID booking's price refunded by staff (v1.3): it stays PAID, its amount is what the
   * venue keeps and the parts show beside it; on condition no one moved it since it was read.
   */
  public TransactWriteItem partRefunded(Booking read, Booking after, Instant at) {
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(Attr.key(Keys.booking(read.bookingId()), "BOOKING"))
            .updateExpression(
                "SET amountMinor = :amount, partsRefundedMinor = :parts, updatedAt = :at,"
                    + " version = :next")
            .conditionExpression("#status = :paid AND version = :seen")
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(
                Map.of(
                    ":amount", n(after.amount().minor()),
                    ":parts", n(after.moneyBack().partsMinor()),
                    ":at", millis(at),
                    ":next", n(after.version()),
                    ":paid", s(BookingStatus.PAID.name()),
                    ":seen", n(read.version())))
            .returnValuesOnConditionCheckFailure(ALL_OLD));
  }

  /**
   * A dispute the venue lost, marked on the booking it paid for (API.md v1.3): the booking keeps
   * its status and shows the money gone. The version moves, so a reschedule that read the booking
   * before the mark writes nothing and reads again.
   */
  public TransactWriteItem disputeLost(String bookingId, Money disputed, Instant at) {
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(Attr.key(Keys.booking(bookingId), "BOOKING"))
            .updateExpression("SET disputedMinor = :d, updatedAt = :at ADD version :one")
            .conditionExpression("attribute_exists(bookingId)")
            .expressionAttributeValues(
                Map.of(":d", n(disputed.minor()), ":at", millis(at), ":one", n(1))));
  }
}
