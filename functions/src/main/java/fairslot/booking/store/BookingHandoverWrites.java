package fairslot.booking.store;

import static fairslot.table.Attr.ALL_OLD;
import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.booking.domain.Booking;
import fairslot.booking.domain.BookingGroup;
import fairslot.booking.domain.BookingStatus;
import fairslot.kernel.Change;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.TxItems;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The booking item changing hands or slots: given to another member (transfer), written again for
 * the slot it moved to (reschedule), its group told of a moved line, or given to an erased member's
 * pseudonym. Each on condition it is still the booking read.
 */
public final class BookingHandoverWrites {
  private final String table;

  public BookingHandoverWrites(String table) {
    this.table = table;
  }

  /**
   * Gives the booking item to {@code given.userId()}: its owner and its bookingsByUser key change,
   * on condition it is still the booking read (status, owner and version), so a payment, a cancel
   * or another transfer in between makes this one fail.
   */
  public TransactWriteItem giveTo(Booking read, Booking given, Change change) {
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(Attr.key(Keys.booking(read.bookingId()), "BOOKING"))
            .updateExpression(
                "SET userId = :to, bookingUser = :to, updatedAt = :at, version = :next")
            .conditionExpression("#status = :status AND userId = :owner AND version = :version")
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(
                Map.of(
                    ":to",
                    s(given.userId()),
                    ":owner",
                    s(read.userId()),
                    ":status",
                    s(read.status().name()),
                    ":version",
                    n(read.version()),
                    ":next",
                    n(given.version()),
                    ":at",
                    millis(change.at())))
            .returnValuesOnConditionCheckFailure(ALL_OLD));
  }

  /**
   * The booking item written again for the slot it moved to (every slot copy, index key and owed
   * reminder follows from the moved booking), on condition it is still the booking read.
   */
  public TransactWriteItem replaceMoved(Booking read, Booking moved, Change change) {
    Map<String, AttributeValue> item = new HashMap<>(BookingItemMapper.toItem(moved));
    item.put("updatedAt", millis(change.at()));
    // A payment started (or dropped) since the read sets paymentNo without a new version: the put
    // would write it away, and the price was judged without it. So the read's paymentNo binds too.
    Map<String, AttributeValue> values =
        new HashMap<>(
            Map.of(
                ":status",
                s(read.status().name()),
                ":version",
                n(read.version()),
                ":from",
                s(read.slotId())));
    String payment = samePayment(read, values);
    return TxItems.put(
        Put.builder()
            .tableName(table)
            .item(item)
            .conditionExpression(
                "#status = :status AND version = :version AND slotId = :from AND " + payment)
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(values)
            .returnValuesOnConditionCheckFailure(ALL_OLD));
  }

  /**
   * Another line of a booking of several slots, told that one of its lines moved: its copy of the
   * group becomes {@code group}, on condition it is still in the status read and names the payment
   * it named then (a payment started on the lead since would have been judged at the old price).
   */
  public TransactWriteItem regroup(Booking read, BookingGroup group, Change change) {
    Map<String, AttributeValue> values =
        new HashMap<>(
            Map.of(
                ":status",
                s(read.status().name()),
                ":group",
                BookingItemMapper.groupItem(group),
                ":at",
                millis(change.at())));
    String payment = samePayment(read, values);
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(Attr.key(Keys.booking(read.bookingId()), "BOOKING"))
            .updateExpression("SET groupLines = :group, updatedAt = :at")
            .conditionExpression("#status = :status AND " + payment)
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(values)
            .returnValuesOnConditionCheckFailure(ALL_OLD));
  }

  /**
   * An erased member's ended booking (API.md v1.2 "Data rights"): its owner and bookingsByUser key
   * become the pseudonym, on condition it is still theirs and in the status read.
   */
  public UpdateItemRequest pseudonymise(
      String bookingId, BookingStatus status, String userId, String pseudonym, Instant at) {
    return UpdateItemRequest.builder()
        .tableName(table)
        .key(Attr.key(Keys.booking(bookingId), "BOOKING"))
        .updateExpression(
            "SET userId = :p, bookingUser = :p, updatedAt = :at, version = version + :one")
        .conditionExpression("userId = :u AND #status = :status")
        .expressionAttributeNames(Map.of("#status", "status"))
        .expressionAttributeValues(
            Map.of(
                ":p", s(pseudonym),
                ":u", s(userId),
                ":status", s(status.name()),
                ":at", millis(at),
                ":one", n(1)))
        .build();
  }

  private static String samePayment(Booking read, Map<String, AttributeValue> values) {
    if (read.paymentNo().isEmpty()) {
      return "attribute_not_exists(paymentNo)";
    }
    values.put(":payment", s(read.paymentNo().get()));
    return "paymentNo = :payment";
  }
}
