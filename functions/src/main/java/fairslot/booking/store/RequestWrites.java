package fairslot.booking.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.s;

import fairslot.booking.domain.BookingRequest;
import fairslot.booking.domain.RequestStatus;
import fairslot.booking.domain.SeatSource;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.TxItems;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The booking request's writes, and only here: its creation (queued, or a lottery's entry), the
 * member's link to it, its decision, its grant inside the booking transaction, and erasure's
 * pseudonym.
 */
final class RequestWrites {
  private final String table;

  RequestWrites(String table) {
    this.table = table;
  }

  /** A new request, on condition its id is new; a refusal reads back the one that exists. */
  PutItemRequest create(BookingRequest request) {
    return PutItemRequest.builder()
        .tableName(table)
        .item(RequestItemMapper.toItem(request))
        .conditionExpression("attribute_not_exists(PK)")
        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
        .build();
  }

  /** A lottery's new entry, in the transaction that lists it; on condition its id is new. */
  TransactWriteItem enter(BookingRequest entry) {
    return TxItems.put(
        Put.builder()
            .tableName(table)
            .item(RequestItemMapper.toItem(entry))
            .conditionExpression("attribute_not_exists(PK)"));
  }

  /** The member's link to a request: the same every time, so a repeat rewrites it. */
  PutItemRequest memberLink(BookingRequest request) {
    return PutItemRequest.builder()
        .tableName(table)
        .item(RequestItemMapper.memberLink(request))
        .build();
  }

  /** The same link, in the lottery entry's transaction. */
  TransactWriteItem memberLinkIn(BookingRequest request) {
    return TransactWriteItem.builder()
        .put(Put.builder().tableName(table).item(RequestItemMapper.memberLink(request)).build())
        .build();
  }

  /**
   * A QUEUED or ENTERED request decided ({@code status}, with the refusal's code or the waitlist
   * entry it became), leaving the queued index; only once.
   */
  UpdateItemRequest decide(
      String requestId,
      RequestStatus status,
      Optional<String> code,
      Optional<String> waitlistEntryId,
      Instant at) {
    StringBuilder set = new StringBuilder("SET #status = :to, decidedAt = :at");
    Map<String, AttributeValue> values =
        new HashMap<>(
            Map.of(
                ":to",
                s(status.name()),
                ":queued",
                s(RequestStatus.QUEUED),
                ":entered",
                s(RequestStatus.ENTERED),
                ":at",
                millis(at)));
    code.ifPresent(
        c -> {
          set.append(", code = :code");
          values.put(":code", s(c));
        });
    waitlistEntryId.ifPresent(
        e -> {
          set.append(", waitlistEntryId = :entry");
          values.put(":entry", s(e));
        });
    return UpdateItemRequest.builder()
        .tableName(table)
        .key(Attr.key(Keys.request(requestId), "REQUEST"))
        .updateExpression(set + " REMOVE queuedShard, queuedAt")
        .conditionExpression("#status IN (:queued, :entered)")
        .expressionAttributeNames(Map.of("#status", "status"))
        .expressionAttributeValues(values)
        .build();
  }

  /**
   * QUEUED to GRANTED with the booking's id, leaving the queued index; only from QUEUED, so a
   * redelivered queue message can never book twice.
   */
  TransactWriteItem grant(SeatSource.QueuedRequest q, String bookingId, Instant at) {
    String requestId = q.requestId();
    return TxItems.update(
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
                    millis(at))));
  }

  /**
   * An erased member's ended request (API.md v1.2 "Data rights"): the member becomes the pseudonym,
   * on condition it is still theirs and in the status read.
   */
  UpdateItemRequest pseudonymise(String requestId, String status, String userId, String pseudonym) {
    return UpdateItemRequest.builder()
        .tableName(table)
        .key(Attr.key(Keys.request(requestId), "REQUEST"))
        .updateExpression("SET userId = :p")
        .conditionExpression("userId = :u AND #status = :status")
        .expressionAttributeNames(Map.of("#status", "status"))
        .expressionAttributeValues(
            Map.of(
                ":p", Attr.s(pseudonym),
                ":u", Attr.s(userId),
                ":status", Attr.s(status)))
        .build();
  }

  /** The drawn lottery's list entry of an erased member's request, given to the pseudonym. */
  UpdateItemRequest pseudonymiseEntry(
      String slotId, String requestId, String userId, String pseudonym) {
    return UpdateItemRequest.builder()
        .tableName(table)
        .key(Attr.key(RequestItemMapper.entriesKey(slotId), "ENTRY#" + requestId))
        .updateExpression("SET userId = :p")
        .conditionExpression("userId = :u")
        .expressionAttributeValues(Map.of(":p", Attr.s(pseudonym), ":u", Attr.s(userId)))
        .build();
  }
}
