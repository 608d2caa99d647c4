package fairslot.store.dynamodb;

import static fairslot.store.dynamodb.Attr.s;

import fairslot.app.CatalogStore;
import fairslot.app.Page;
import fairslot.app.PageRequest;
import fairslot.definitions.Fairslot;
import fairslot.domain.Outcome;
import fairslot.domain.Refusal;
import fairslot.domain.Resource;
import fairslot.domain.Slot;
import fairslot.domain.SlotStatus;
import fairslot.domain.Venue;
import java.time.LocalDate;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

public final class DynamoDbCatalogStore implements CatalogStore {
  private final DynamoDbClient dynamo;
  private final String table;

  public DynamoDbCatalogStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  @Override
  public void createVenue(Venue venue) {
    dynamo.putItem(r -> r.tableName(table).item(VenueItemMapper.toItem(venue))
        .conditionExpression("attribute_not_exists(PK)"));
  }

  @Override
  public Optional<Venue> findVenue(String venueId) {
    return get(Keys.venue(venueId), "VENUE").map(VenueItemMapper::fromItem);
  }

  @Override
  public Outcome<Resource> createResource(Resource resource) {
    try {
      dynamo.transactWriteItems(r -> r.transactItems(
          TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(table)
              .key(Attr.key(Keys.venue(resource.venueId()), "VENUE"))
              .conditionExpression("attribute_exists(PK)").build()).build(),
          TransactWriteItem.builder().put(Put.builder().tableName(table)
              .item(ResourceItemMapper.toItem(resource))
              .conditionExpression("attribute_not_exists(PK)").build()).build()));
      return Outcome.done(resource);
    } catch (TransactionCanceledException e) {
      if (new CancellationReasons(e).conditionFailed(0)) {
        return Outcome.refused(Refusal.NOT_FOUND, "no venue " + resource.venueId());
      }
      throw e;
    }
  }

  @Override
  public Optional<Resource> findResource(String resourceId) {
    return get(Keys.resource(resourceId), "RESOURCE").map(ResourceItemMapper::fromItem);
  }

  @Override
  public Outcome<Slot> createSlot(Slot slot) {
    // The (resource, start) guard item makes "same resource and start twice" impossible, atomically.
    try {
      dynamo.transactWriteItems(r -> r.transactItems(
          TransactWriteItem.builder().put(Put.builder().tableName(table)
              .item(Map.of(Keys.PK, s(Keys.resource(slot.resourceId())),
                  Keys.SK, s(Keys.slotStart(slot.interval().start())),
                  "type", s("SLOT_START"), "slotId", s(slot.slotId())))
              .conditionExpression("attribute_not_exists(PK)")
              .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build(),
          TransactWriteItem.builder().put(Put.builder().tableName(table)
              .item(SlotItemMapper.toItem(slot))
              .conditionExpression("attribute_not_exists(PK)").build()).build()));
      return Outcome.done(slot);
    } catch (TransactionCanceledException e) {
      CancellationReasons reasons = new CancellationReasons(e);
      if (reasons.conditionFailed(0)) {
        String existing = reasons.oldItem(0).map(i -> Attr.str(i, "slotId")).orElse("");
        return Outcome.refused(Refusal.DUPLICATE_SLOT, "the resource already has a slot starting then",
            Map.of("slotId", existing));
      }
      throw e;
    }
  }

  @Override
  public Optional<Slot> findSlot(String slotId) {
    return get(Keys.slot(slotId), "SLOT").map(SlotItemMapper::fromItem);
  }

  @Override
  public Page<Slot> slotsStartingOn(String venueId, LocalDate venueDate, PageRequest page) {
    QueryRequest.Builder query = QueryRequest.builder().tableName(table)
        .indexName(Fairslot.SLOTS_BY_VENUE_DAY)
        .keyConditionExpression("venueDay = :day")
        .expressionAttributeValues(Map.of(":day", s(Keys.venueDay(venueId, venueDate))))
        .limit(page.limit());
    page.cursor().flatMap(Cursors::decode).ifPresent(query::exclusiveStartKey);
    QueryResponse response = dynamo.query(query.build());
    return new Page<>(response.items().stream().map(SlotItemMapper::fromItem).toList(),
        Cursors.encode(response.lastEvaluatedKey()));
  }

  @Override
  public Optional<Slot> setAdmission(String slotId, fairslot.domain.Admission admission) {
    try {
      Map<String, AttributeValue> after = dynamo.updateItem(r -> r.tableName(table)
          .key(Attr.key(Keys.slot(slotId), "SLOT"))
          .updateExpression("SET admission = :a")
          .conditionExpression("attribute_exists(PK)")
          .expressionAttributeValues(Map.of(":a", s(admission.name())))
          .returnValues(ReturnValue.ALL_NEW)).attributes();
      return Optional.of(SlotItemMapper.fromItem(after));
    } catch (ConditionalCheckFailedException missing) {
      return Optional.empty();
    }
  }

  @Override
  public Optional<Slot> moveSlot(String slotId, SlotStatus from, SlotStatus to) {
    try {
      Map<String, AttributeValue> after = dynamo.updateItem(r -> r.tableName(table)
          .key(Attr.key(Keys.slot(slotId), "SLOT"))
          .updateExpression("SET #status = :to")
          .conditionExpression("#status = :from")
          .expressionAttributeNames(Map.of("#status", "status"))
          .expressionAttributeValues(Map.of(":to", s(to.name()), ":from", s(from.name())))
          .returnValues(ReturnValue.ALL_NEW)).attributes();
      return Optional.of(SlotItemMapper.fromItem(after));
    } catch (ConditionalCheckFailedException notInFrom) {
      return Optional.empty();
    }
  }

  private Optional<Map<String, AttributeValue>> get(String pk, String sk) {
    Map<String, AttributeValue> item = dynamo.getItem(r -> r.tableName(table).key(Attr.key(pk, sk))
        .consistentRead(true)).item();
    return item == null || item.isEmpty() ? Optional.empty() : Optional.of(item);
  }
}
