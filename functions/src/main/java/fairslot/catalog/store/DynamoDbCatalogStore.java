package fairslot.catalog.store;

import static fairslot.table.Attr.s;

import fairslot.catalog.app.CatalogStore;
import fairslot.catalog.domain.Admission;
import fairslot.catalog.domain.Assignee;
import fairslot.catalog.domain.Lottery;
import fairslot.catalog.domain.Resource;
import fairslot.catalog.domain.Slot;
import fairslot.catalog.domain.SlotStatus;
import fairslot.catalog.domain.Venue;
import fairslot.definitions.Fairslot;
import fairslot.kernel.Change;
import fairslot.kernel.Outcome;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.table.Attr;
import fairslot.table.AuditItemMapper;
import fairslot.table.Cursors;
import fairslot.table.Keys;
import fairslot.table.ShardedIndex;
import fairslot.table.TxItems;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

public final class DynamoDbCatalogStore implements CatalogStore {

  private final DynamoDbClient dynamo;
  private final String table;

  private final SlotFacts facts = new SlotFacts();
  private final SlotCreation slotCreation;
  private final SlotCancel slotCancel;
  private final VenueChildCreation inVenue;
  private final ResourceReads resourceReads;
  private final VenueDirectory directory;

  public DynamoDbCatalogStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.slotCreation = new SlotCreation(dynamo, table, this::findSlot);
    this.slotCancel = new SlotCancel(dynamo, table, this::findSlot);
    this.inVenue = new VenueChildCreation(dynamo, table);
    this.resourceReads = new ResourceReads(dynamo, table, this::findResource);
    this.directory = new VenueDirectory(dynamo, table);
  }

  @Override
  public Venue createVenue(Venue venue) {
    // a twin of an idempotent create finds the venue made first
    return directory.create(venue) ? venue : findVenue(venue.venueId()).orElseThrow();
  }

  @Override
  public List<Venue> listedVenues() {
    return directory.listed();
  }

  @Override
  public Optional<Venue> findVenue(String venueId) {
    return get(Keys.venue(venueId), "VENUE").map(VenueItemMapper::fromItem);
  }

  @Override
  public Outcome<Resource> createResource(Resource resource) {
    return inVenue.create(
        resource.venueId(),
        ResourceItemMapper.toItem(resource),
        List.of(ResourceItemMapper.venueLink(resource)),
        resource.parts().stream()
            .map(part -> CounterpartLinks.joinPart(table, part, resource))
            .toList(),
        resource,
        () -> findResource(resource.resourceId()));
  }

  @Override
  public Optional<Resource> findResource(String resourceId) {
    return get(Keys.resource(resourceId), "RESOURCE").map(ResourceItemMapper::fromItem);
  }

  @Override
  public List<Resource> resourcesOf(String venueId, int limit) {
    return resourceReads.resourcesOf(venueId, limit);
  }

  @Override
  public Outcome<Slot> createSlot(Slot slot, Optional<Lottery> lottery) {
    return slotCreation.create(slot, lottery, resourceReads::sharedSpace);
  }

  @Override
  public Set<String> spaceTaken(Collection<Slot> slots) {
    return new CounterpartReads(dynamo, table).spaceTaken(slots);
  }

  @Override
  public Outcome<Slot> cancelSlot(String slotId, Change change) {
    facts.forget(slotId);
    return slotCancel.cancel(slotId, change);
  }

  @Override
  public void cancelFinished(String slotId) {
    dynamo.updateItem(new SlotWrites(table).cancelFinished(slotId));
  }

  @Override
  public List<String> cancelsDue(Instant by, int limit) {
    return slotsDue("CANCELS", by, limit);
  }

  /** Slot ids due by {@code by} in one family of the cancels-due index (CANCELS, MINIMUMS). */
  private List<String> slotsDue(String family, Instant by, int limit) {
    return new ShardedIndex(
            dynamo, table, Fairslot.CANCELS_DUE, family, "cancelDueShard", "cancelDueAt")
        .dueBy(by, limit).items().stream()
            .map(i -> Attr.str(i, Keys.PK).substring("SLOT#".length()))
            .toList();
  }

  @Override
  public Optional<MinimumDecided> decideMinimum(String slotId, Change change) {
    facts.forget(slotId);
    return slotCancel.decideMinimum(slotId, change);
  }

  @Override
  public List<String> minimumsDue(Instant by, int limit) {
    return slotsDue(SlotRulesAttributes.FAMILY, by, limit);
  }

  @Override
  public Page<String> slotIds(Optional<String> cursor, int limit) {
    return SlotIdPages.page(dynamo, table, cursor, limit);
  }

  @Override
  public Outcome<Assignee> createAssignee(Assignee assignee) {
    return inVenue.create(
        assignee.venueId(),
        AssigneeItemMapper.toItem(assignee),
        List.of(),
        assignee,
        () -> findAssignee(assignee.ref()));
  }

  @Override
  public Optional<Assignee> findAssignee(Assignee.Ref ref) {
    return get(Keys.assignee(ref.kind().name(), ref.id()), ref.kind().name())
        .map(AssigneeItemMapper::fromItem);
  }

  /** Single flight per slot, refreshed after a second (see {@link SlotFacts}). */
  @Override
  public Optional<Slot> slotFacts(String slotId) {
    return facts.get(slotId, this::readSlot);
  }

  /**
   * A consistent read, which also refreshes this container's slot facts: after a booking found the
   * price changed and read the slot again, the next bookings here are priced right at once.
   */
  @Override
  public Optional<Slot> findSlot(String slotId) {
    Optional<Slot> slot = readSlot(slotId);
    slot.ifPresent(facts::saw);
    return slot;
  }

  private Optional<Slot> readSlot(String slotId) {
    return get(Keys.slot(slotId), "SLOT").map(SlotItemMapper::fromItem);
  }

  @Override
  public Page<Slot> slotsStartingOn(String venueId, LocalDate venueDate, PageRequest page) {
    QueryRequest.Builder query =
        QueryRequest.builder()
            .tableName(table)
            .indexName(Fairslot.SLOTS_BY_VENUE_DAY)
            .keyConditionExpression("venueDay = :day")
            .expressionAttributeValues(Map.of(":day", s(Keys.venueDay(venueId, venueDate))))
            .limit(page.limit());
    String list = Fairslot.SLOTS_BY_VENUE_DAY + "#" + Keys.venueDay(venueId, venueDate);
    Cursors.startKey(page, list).ifPresent(query::exclusiveStartKey);
    QueryResponse response = dynamo.query(query.build());
    return new Page<>(
        response.items().stream().map(SlotItemMapper::fromItem).toList(),
        Cursors.encode(list, response.lastEvaluatedKey()));
  }

  @Override
  public Optional<Slot> setAdmission(String slotId, Admission admission, Change change) {
    facts.forget(slotId);
    return changeSlot(
        slotId,
        new SlotWrites(table).setAdmission(slotId, admission),
        "admission",
        admission.name(),
        change);
  }

  @Override
  public boolean editSlot(Slot seen, Slot next, Change change) {
    facts.forget(seen.slotId());
    return new SlotEditWrite(dynamo, table).write(seen, next, change);
  }

  @Override
  public boolean editVenue(Venue seen, Venue next, Change change) {
    return new VenueEditWrite(dynamo, table).write(seen, next, change);
  }

  @Override
  public boolean editResource(Resource seen, Resource next, Change change) {
    return new VenueEditWrite(dynamo, table).write(seen, next, change);
  }

  @Override
  public int carryToFutureSlots(Venue venue, Instant after) {
    return new FutureSlotsUpdate(dynamo, table).carry(venue, after);
  }

  @Override
  public int carryToFutureSlots(Resource resource, Instant after) {
    return new FutureSlotsUpdate(dynamo, table).carry(resource, after);
  }

  @Override
  public Optional<Slot> moveSlot(String slotId, SlotStatus from, SlotStatus to, Change change) {
    facts.forget(slotId);
    return changeSlot(
        slotId, new SlotWrites(table).moveStatus(slotId, from, to), from.name(), to.name(), change);
  }

  /** One conditional update of the slot with its audit record; empty if the condition failed. */
  private Optional<Slot> changeSlot(
      String slotId, TransactWriteItem slot, String auditFrom, String auditTo, Change change) {
    try {
      dynamo.transactWriteItems(
          r ->
              r.transactItems(
                  slot,
                  TxItems.put(
                      Put.builder()
                          .tableName(table)
                          .item(
                              AuditItemMapper.toItem(
                                  Keys.slot(slotId),
                                  "slot:" + slotId,
                                  auditFrom,
                                  auditTo,
                                  change)))));
      return findSlot(slotId);
    } catch (TransactionCanceledException notAsExpected) {
      return Optional.empty();
    }
  }

  private Optional<Map<String, AttributeValue>> get(String pk, String sk) {
    Map<String, AttributeValue> item =
        dynamo.getItem(r -> r.tableName(table).key(Attr.key(pk, sk)).consistentRead(true)).item();
    return item == null || item.isEmpty() ? Optional.empty() : Optional.of(item);
  }
}
