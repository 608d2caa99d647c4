package fairslot.booking.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.s;

import fairslot.table.Attr;
import fairslot.table.Keys;
import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/** The QUEUED booking request's move inside the booking transaction that grants it. */
final class RequestWrites {
  private final String table;

  RequestWrites(String table) {
    this.table = table;
  }

  /**
   * QUEUED to GRANTED with the booking's id, leaving the queued index; only from QUEUED, so a
   * redelivered queue message can never book twice.
   */
  TransactWriteItem grant(
      fairslot.booking.app.BookingStore.SeatSource.QueuedRequest q, String bookingId, Instant at) {
    String requestId = q.requestId();
    return TransactWriteItem.builder()
        .update(
            Update.builder()
                .tableName(table)
                .key(Attr.key(Keys.request(requestId), "REQUEST"))
                .updateExpression(
                    "SET #status = :granted, bookingId = :b, decidedAt = :now"
                        + " REMOVE queuedShard, queuedAt")
                .conditionExpression("#status = :queued")
                .expressionAttributeNames(Map.of("#status", "status"))
                .expressionAttributeValues(
                    Map.of(
                        ":granted",
                        s(q.from().granted()),
                        ":queued",
                        s(q.from()),
                        ":b",
                        s(bookingId),
                        ":now",
                        millis(at)))
                .build())
        .build();
  }

  /**
   * An erased member's ended request (API.md v1.2 "Data rights"): the member becomes the pseudonym,
   * on condition it is still theirs and in the status read.
   */
  software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest pseudonymise(
      String requestId, String status, String userId, String pseudonym) {
    return software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest.builder()
        .tableName(table)
        .key(fairslot.table.Attr.key(fairslot.table.Keys.request(requestId), "REQUEST"))
        .updateExpression("SET userId = :p")
        .conditionExpression("userId = :u AND #status = :status")
        .expressionAttributeNames(Map.of("#status", "status"))
        .expressionAttributeValues(
            Map.of(
                ":p", fairslot.table.Attr.s(pseudonym),
                ":u", fairslot.table.Attr.s(userId),
                ":status", fairslot.table.Attr.s(status)))
        .build();
  }

  /** The drawn lottery's list entry of an erased member's request, given to the pseudonym. */
  software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest pseudonymiseEntry(
      String slotId, String requestId, String userId, String pseudonym) {
    return software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest.builder()
        .tableName(table)
        .key(fairslot.table.Attr.key(RequestItemMapper.entriesKey(slotId), "ENTRY#" + requestId))
        .updateExpression("SET userId = :p")
        .conditionExpression("userId = :u")
        .expressionAttributeValues(
            Map.of(":p", fairslot.table.Attr.s(pseudonym), ":u", fairslot.table.Attr.s(userId)))
        .build();
  }
}
