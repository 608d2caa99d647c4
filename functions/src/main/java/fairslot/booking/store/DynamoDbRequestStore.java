package fairslot.booking.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.s;

import fairslot.booking.app.RequestStore;
import fairslot.booking.domain.BookingRequest;
import fairslot.booking.domain.RequestStatus;
import fairslot.definitions.Fairslot;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.ShardedIndex;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

public final class DynamoDbRequestStore implements RequestStore {
  private final DynamoDbClient dynamo;
  private final String table;

  public DynamoDbRequestStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  @Override
  public Optional<BookingRequest> createUnlessExists(BookingRequest request) {
    // The member's link first (the same every time, so a repeat rewrites it): a request is never
    // without one, and a link whose request was never made is skipped by its readers.
    dynamo.putItem(r -> r.tableName(table).item(RequestItemMapper.memberLink(request)));
    try {
      dynamo.putItem(
          r ->
              r.tableName(table)
                  .item(RequestItemMapper.toItem(request))
                  .conditionExpression("attribute_not_exists(PK)")
                  .returnValuesOnConditionCheckFailure(
                      ReturnValuesOnConditionCheckFailure.ALL_OLD));
      return Optional.empty();
    } catch (ConditionalCheckFailedException exists) {
      return exists.hasItem() && !exists.item().isEmpty()
          ? Optional.of(RequestItemMapper.fromItem(exists.item()))
          : find(request.requestId());
    }
  }

  @Override
  public Optional<BookingRequest> enter(BookingRequest entry) {
    var tx =
        new fairslot.table.Transaction<EntryAction>()
            .add(
                EntryAction.REQUEST,
                software.amazon.awssdk.services.dynamodb.model.TransactWriteItem.builder()
                    .put(
                        software.amazon.awssdk.services.dynamodb.model.Put.builder()
                            .tableName(table)
                            .item(RequestItemMapper.toItem(entry))
                            .conditionExpression("attribute_not_exists(PK)")
                            .build())
                    .build())
            .add(EntryAction.LISTED, RequestItemMapper.listEntry(table, entry))
            .add(
                EntryAction.LINK,
                software.amazon.awssdk.services.dynamodb.model.TransactWriteItem.builder()
                    .put(
                        software.amazon.awssdk.services.dynamodb.model.Put.builder()
                            .tableName(table)
                            .item(RequestItemMapper.memberLink(entry))
                            .build())
                    .build());
    return tx.commit(dynamo).isEmpty() ? Optional.empty() : find(entry.requestId());
  }

  private enum EntryAction {
    REQUEST,
    LISTED,
    LINK
  }

  @Override
  public List<BookingRequest> entries(String slotId) {
    List<BookingRequest> out = new java.util.ArrayList<>();
    Map<String, AttributeValue> start = null;
    do {
      var q =
          software.amazon.awssdk.services.dynamodb.model.QueryRequest.builder()
              .tableName(table)
              .consistentRead(true)
              .keyConditionExpression("PK = :pk")
              .expressionAttributeValues(Map.of(":pk", s(RequestItemMapper.entriesKey(slotId))));
      if (start != null) {
        q.exclusiveStartKey(start);
      }
      var response = dynamo.query(q.build());
      response.items().forEach(i -> find(Attr.str(i, "requestId")).ifPresent(out::add));
      start = response.lastEvaluatedKey().isEmpty() ? null : response.lastEvaluatedKey();
    } while (start != null);
    return out;
  }

  @Override
  public Optional<BookingRequest> find(String requestId) {
    Map<String, AttributeValue> item =
        dynamo
            .getItem(
                r ->
                    r.tableName(table)
                        .consistentRead(true)
                        .key(Attr.key(Keys.request(requestId), "REQUEST")))
            .item();
    return item == null || item.isEmpty()
        ? Optional.empty()
        : Optional.of(RequestItemMapper.fromItem(item));
  }

  @Override
  public boolean decide(
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
                s(fairslot.booking.domain.RequestStatus.QUEUED),
                ":entered",
                s(fairslot.booking.domain.RequestStatus.ENTERED),
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
    try {
      dynamo.updateItem(
          r ->
              r.tableName(table)
                  .key(Attr.key(Keys.request(requestId), "REQUEST"))
                  .updateExpression(set + " REMOVE queuedShard, queuedAt")
                  .conditionExpression("#status IN (:queued, :entered)")
                  .expressionAttributeNames(Map.of("#status", "status"))
                  .expressionAttributeValues(values));
      return true;
    } catch (ConditionalCheckFailedException alreadyDecided) {
      return false;
    }
  }

  @Override
  public List<BookingRequest> queuedSince(Instant before, int limit) {
    return new ShardedIndex(
            dynamo, table, Fairslot.QUEUED_REQUESTS, "QUEUED", "queuedShard", "queuedAt")
        .dueBy(before, limit).items().stream().map(RequestItemMapper::fromItem).toList();
  }
}
