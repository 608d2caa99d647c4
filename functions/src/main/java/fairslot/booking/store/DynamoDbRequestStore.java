package fairslot.booking.store;

import static fairslot.table.Attr.s;

import fairslot.booking.app.RequestStore;
import fairslot.booking.domain.BookingRequest;
import fairslot.booking.domain.RequestStatus;
import fairslot.definitions.Fairslot;
import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.ShardedIndex;
import fairslot.table.Transaction;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

public final class DynamoDbRequestStore implements RequestStore {
  private final DynamoDbClient dynamo;
  private final String table;
  private final RequestWrites writes;

  public DynamoDbRequestStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.writes = new RequestWrites(table);
  }

  @Override
  public Optional<BookingRequest> createUnlessExists(BookingRequest request) {
    // The member's link first (the same every time, so a repeat rewrites it): a request is never
    // without one, and a link whose request was never made is skipped by its readers.
    dynamo.putItem(writes.memberLink(request));
    try {
      dynamo.putItem(writes.create(request));
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
        new Transaction<EntryAction>()
            .add(EntryAction.REQUEST, writes.enter(entry))
            .add(EntryAction.LISTED, RequestItemMapper.listEntry(table, entry))
            .add(EntryAction.LINK, writes.memberLinkIn(entry));
    return tx.commit(dynamo).isEmpty() ? Optional.empty() : find(entry.requestId());
  }

  private enum EntryAction {
    REQUEST,
    LISTED,
    LINK
  }

  @Override
  public List<BookingRequest> entries(String slotId) {
    List<BookingRequest> out = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    do {
      var q =
          QueryRequest.builder()
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
    try {
      dynamo.updateItem(writes.decide(requestId, status, code, waitlistEntryId, at));
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
