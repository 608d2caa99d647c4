package fairslot.store.dynamodb;

import static fairslot.store.dynamodb.Attr.n;
import static fairslot.store.dynamodb.Attr.s;

import fairslot.app.CatalogStore;
import fairslot.app.Change;
import fairslot.app.Page;
import fairslot.app.PageRequest;
import fairslot.definitions.Fairslot;
import fairslot.domain.Assignee;
import fairslot.domain.AssigneeCalendar;
import fairslot.domain.Outcome;
import fairslot.domain.Refusal;
import fairslot.domain.Resource;
import fairslot.domain.Slot;
import fairslot.domain.SlotStatus;
import fairslot.domain.Venue;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;

public final class DynamoDbCatalogStore implements CatalogStore {
  private final DynamoDbClient dynamo;
  private final String table;

  public DynamoDbCatalogStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
  }

  @Override
  public Venue createVenue(Venue venue) {
    try {
      dynamo.putItem(
          r ->
              r.tableName(table)
                  .item(VenueItemMapper.toItem(venue))
                  .conditionExpression("attribute_not_exists(PK)"));
      return venue;
    } catch (ConditionalCheckFailedException twin) {
      return findVenue(venue.venueId()).orElseThrow();
    }
  }

  @Override
  public Optional<Venue> findVenue(String venueId) {
    return get(Keys.venue(venueId), "VENUE").map(VenueItemMapper::fromItem);
  }

  @Override
  public Outcome<Resource> createResource(Resource resource) {
    return createInVenue(
        resource.venueId(),
        ResourceItemMapper.toItem(resource),
        resource,
        () -> findResource(resource.resourceId()));
  }

  /**
   * Puts a new item that belongs to a venue, on condition the venue exists (404 otherwise). An item
   * already there under the same id was put by a twin request (same Idempotency-Key): it is ours.
   */
  private <T> Outcome<T> createInVenue(
      String venueId,
      Map<String, AttributeValue> item,
      T created,
      java.util.function.Supplier<Optional<T>> existing) {
    Optional<Transaction.Cancelled> cancelled =
        new Transaction()
            .add(
                "venue",
                TransactWriteItem.builder()
                    .conditionCheck(
                        ConditionCheck.builder()
                            .tableName(table)
                            .key(Attr.key(Keys.venue(venueId), "VENUE"))
                            .conditionExpression("attribute_exists(PK)")
                            .build())
                    .build())
            .add(
                "item",
                TransactWriteItem.builder()
                    .put(
                        Put.builder()
                            .tableName(table)
                            .item(item)
                            .conditionExpression("attribute_not_exists(PK)")
                            .build())
                    .build())
            .commit(dynamo);
    if (cancelled.isEmpty()) {
      return Outcome.done(created);
    }
    if (cancelled.get().failed("venue")) {
      return Outcome.refused(Refusal.NOT_FOUND, "no venue " + venueId);
    }
    if (cancelled.get().failed("item")) {
      return existing
          .get()
          .<Outcome<T>>map(Outcome::done)
          .orElseThrow(() -> cancelled.get().exception());
    }
    throw cancelled.get().exception();
  }

  @Override
  public Optional<Resource> findResource(String resourceId) {
    return get(Keys.resource(resourceId), "RESOURCE").map(ResourceItemMapper::fromItem);
  }

  private static final int CREATE_ATTEMPTS = 8;

  @Override
  public Outcome<Slot> createSlot(Slot slot) {
    // First attempt: every coach/room day as if unwritten; a failed version condition returns the
    // day as it is (ALL_OLD), which either shows the clash or is the version to try again with.
    List<AssigneeCalendar> seen = new ArrayList<>();
    for (Assignee.Ref ref : slot.assignment().refs()) {
      for (LocalDate day : slot.interval().utcDays()) {
        seen.add(AssigneeCalendar.empty(ref, day));
      }
    }
    for (int attempt = 1; attempt <= CREATE_ATTEMPTS; attempt++) {
      // The (resource, start) guard item makes "same resource and start twice" impossible,
      // atomically.
      Optional<Transaction.Cancelled> cancelled =
          new Transaction()
              .add(
                  "start",
                  TransactWriteItem.builder()
                      .put(
                          Put.builder()
                              .tableName(table)
                              .item(
                                  Map.of(
                                      Keys.PK,
                                      s(Keys.resource(slot.resourceId())),
                                      Keys.SK,
                                      s(Keys.slotStart(slot.interval().start())),
                                      "type",
                                      s("SLOT_START"),
                                      "slotId",
                                      s(slot.slotId())))
                              .conditionExpression("attribute_not_exists(PK)")
                              .returnValuesOnConditionCheckFailure(
                                  ReturnValuesOnConditionCheckFailure.ALL_OLD)
                              .build())
                      .build())
              .add(
                  "slot",
                  TransactWriteItem.builder()
                      .put(
                          Put.builder()
                              .tableName(table)
                              .item(SlotItemMapper.toItem(slot))
                              .conditionExpression("attribute_not_exists(PK)")
                              .build())
                      .build())
              .addEach(
                  "assigneeDay", seen.stream().map(day -> addToAssigneeDay(day, slot)).toList())
              .commit(dynamo);
      if (cancelled.isEmpty()) {
        return Outcome.done(slot);
      }
      Transaction.Cancelled reasons = cancelled.get();
      if (reasons.failed("start")) {
        String existing = reasons.oldItem("start").map(i -> Attr.str(i, "slotId")).orElse("");
        if (existing.equals(slot.slotId())) {
          // A twin request (same Idempotency-Key, so the same id) created this very slot: it is
          // ours.
          return findSlot(existing)
              .<Outcome<Slot>>map(Outcome::done)
              .orElseThrow(reasons::exception);
        }
        return Outcome.refused(
            Refusal.DUPLICATE_SLOT,
            "the resource already has a slot starting then",
            Map.of("slotId", existing));
      }
      boolean moved = false;
      for (int i = 0; i < seen.size(); i++) {
        if (reasons.failed("assigneeDay", i)) {
          AssigneeCalendar was = seen.get(i);
          seen.set(
              i,
              reasons
                  .oldItem("assigneeDay", i)
                  .map(item -> AssigneeCalendarMapper.fromItem(was.owner(), was.day(), item))
                  .orElse(AssigneeCalendar.empty(was.owner(), was.day())));
          moved = true;
        }
      }
      Optional<Outcome<Slot>> clash = clash(seen, slot);
      if (clash.isPresent()) {
        return clash.get();
      }
      if (!moved) {
        throw new IllegalStateException(
            "slot creation cancelled for an unexpected reason: " + reasons);
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the coach's or room's calendar is busy; try again");
  }

  /** The first coach/room (coach before room) whose days already hold an overlapping session. */
  private static Optional<Outcome<Slot>> clash(List<AssigneeCalendar> days, Slot slot) {
    for (Assignee.Ref ref : slot.assignment().refs()) {
      List<String> clashing =
          days.stream()
              .filter(d -> d.owner().equals(ref))
              .flatMap(d -> d.clashesWith(slot.interval()).stream())
              .distinct()
              .sorted()
              .toList();
      if (!clashing.isEmpty()) {
        String what = ref.kind() == Assignee.Kind.COACH ? "coach " : "room ";
        return Optional.of(
            Outcome.refused(
                ref.kind().clash(),
                "the " + what + ref.id() + " already has an overlapping session",
                Map.of("conflicts", clashing.stream().map(id -> Map.of("slotId", id)).toList())));
      }
    }
    return Optional.empty();
  }

  private TransactWriteItem addToAssigneeDay(AssigneeCalendar seen, Slot slot) {
    Put.Builder put =
        Put.builder()
            .tableName(table)
            .item(AssigneeCalendarMapper.toItem(seen.with(slot.slotId(), slot.interval())))
            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
    if (seen.version() == 0) {
      put.conditionExpression("attribute_not_exists(PK)");
    } else {
      put.conditionExpression("version = :seen")
          .expressionAttributeValues(Map.of(":seen", n(seen.version())));
    }
    return TransactWriteItem.builder().put(put.build()).build();
  }

  @Override
  public Outcome<Slot> cancelSlot(String slotId, Change change) {
    facts.remove(slotId);
    for (int attempt = 1; attempt <= CREATE_ATTEMPTS; attempt++) {
      Optional<Slot> found = findSlot(slotId);
      if (found.isEmpty()) {
        return Outcome.refused(Refusal.NOT_FOUND, "no slot " + slotId);
      }
      Slot slot = found.get();
      if (slot.status() == SlotStatus.CANCELLED) {
        return Outcome.done(slot);
      }
      List<TransactWriteItem> actions = new ArrayList<>();
      // Marked until the cancel has released everything: the finish-cancels job completes a run
      // that was cut off (a timed-out request nobody retried).
      actions.add(
          TransactWriteItem.builder()
              .update(
                  Update.builder()
                      .tableName(table)
                      .key(Attr.key(Keys.slot(slotId), "SLOT"))
                      .updateExpression(
                          "SET #status = :cancelled, cancelDueShard = :shard, cancelDueAt = :at")
                      .conditionExpression("#status = :seen")
                      .expressionAttributeNames(Map.of("#status", "status"))
                      .expressionAttributeValues(
                          Map.of(
                              ":cancelled",
                              s(SlotStatus.CANCELLED.name()),
                              ":seen",
                              s(slot.status().name()),
                              ":shard",
                              s(Keys.shard("CANCELS", slotId)),
                              ":at",
                              Attr.millis(change.at())))
                      .build())
              .build());
      // The coach and room are free again for that time.
      for (Assignee.Ref ref : slot.assignment().refs()) {
        for (LocalDate day : slot.interval().utcDays()) {
          actions.add(
              TransactWriteItem.builder()
                  .update(
                      Update.builder()
                          .tableName(table)
                          .key(Attr.key(Keys.assignee(ref), Keys.calendarDay(day)))
                          .updateExpression("REMOVE entries.#s SET version = version + :one")
                          .conditionExpression("attribute_exists(PK)")
                          .expressionAttributeNames(Map.of("#s", slotId))
                          .expressionAttributeValues(Map.of(":one", n(1)))
                          .build())
                  .build());
        }
      }
      actions.add(
          TransactWriteItem.builder()
              .put(
                  Put.builder()
                      .tableName(table)
                      .item(
                          AuditItemMapper.toItem(
                              Keys.slot(slotId),
                              "slot:" + slotId,
                              slot.status().name(),
                              SlotStatus.CANCELLED.name(),
                              change))
                      .build())
              .build());
      try {
        dynamo.transactWriteItems(r -> r.transactItems(actions));
        return Outcome.done(slot.with(SlotStatus.CANCELLED));
      } catch (TransactionCanceledException moved) {
        // The slot's status moved (or a calendar day went): read it again. Contention never lands
        // here; the SDK's retry policy (AwsRetries) has retried it.
      }
    }
    return Outcome.refused(Refusal.THROTTLED, "the slot is busy; try again");
  }

  @Override
  public void cancelFinished(String slotId) {
    dynamo.updateItem(
        r ->
            r.tableName(table)
                .key(Attr.key(Keys.slot(slotId), "SLOT"))
                .updateExpression("REMOVE cancelDueShard, cancelDueAt"));
  }

  @Override
  public List<String> cancelsDue(java.time.Instant by, int limit) {
    return new ShardedIndex(
            dynamo, table, Fairslot.CANCELS_DUE, "CANCELS", "cancelDueShard", "cancelDueAt")
        .dueBy(by, limit).items().stream()
            .map(i -> Attr.str(i, Keys.PK).substring("SLOT#".length()))
            .toList();
  }

  @Override
  public Page<String> slotIds(Optional<String> cursor, int limit) {
    // The cursor is the index's LastEvaluatedKey, or just {slotShard} to start a shard from its
    // top.
    Optional<Map<String, AttributeValue>> from = Cursors.startKey(cursor, Fairslot.SLOTS_BY_START);
    int shard =
        from.map(k -> Integer.parseInt(Attr.str(k, "slotShard").substring("SLOTS#".length())))
            .orElse(0);
    Map<String, AttributeValue> start = from.filter(k -> k.containsKey(Keys.PK)).orElse(null);
    List<String> ids = new ArrayList<>();
    while (true) {
      QueryRequest.Builder query =
          QueryRequest.builder()
              .tableName(table)
              .indexName(Fairslot.SLOTS_BY_START)
              .keyConditionExpression("slotShard = :shard")
              .expressionAttributeValues(Map.of(":shard", s(Keys.shard("SLOTS", shard))))
              .limit(limit - ids.size());
      if (start != null) {
        query.exclusiveStartKey(start);
      }
      QueryResponse response = dynamo.query(query.build());
      response.items().forEach(i -> ids.add(Attr.str(i, Keys.PK).substring("SLOT#".length())));
      if (response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()) {
        start = response.lastEvaluatedKey();
        if (ids.size() >= limit) {
          return new Page<>(ids, Cursors.encode(Fairslot.SLOTS_BY_START, start));
        }
        continue;
      }
      shard++;
      start = null;
      if (shard >= Keys.SHARDS) {
        return new Page<>(ids, Optional.empty());
      }
      if (ids.size() >= limit) {
        return new Page<>(
            ids,
            Cursors.encode(
                Fairslot.SLOTS_BY_START, Map.of("slotShard", s(Keys.shard("SLOTS", shard)))));
      }
    }
  }

  @Override
  public Outcome<Assignee> createAssignee(Assignee assignee) {
    return createInVenue(
        assignee.venueId(),
        AssigneeItemMapper.toItem(assignee),
        assignee,
        () -> findAssignee(assignee.ref()));
  }

  @Override
  public Optional<Assignee> findAssignee(Assignee.Ref ref) {
    return get(Keys.assignee(ref), ref.kind().name()).map(AssigneeItemMapper::fromItem);
  }

  /** Slot facts read in the last second, by slot id (see {@link #slotFacts}). */
  private final java.util.concurrent.ConcurrentHashMap<String, CachedSlot> facts =
      new java.util.concurrent.ConcurrentHashMap<>();

  private static final long FACTS_TTL_NANOS = 1_000_000_000L;

  private record CachedSlot(
      Slot slot, long readAt, java.util.concurrent.atomic.AtomicBoolean refreshing) {
    CachedSlot(Slot slot) {
      this(slot, System.nanoTime(), new java.util.concurrent.atomic.AtomicBoolean());
    }
  }

  /**
   * Single flight: a crowd arriving at once waits for one read (computeIfAbsent) instead of sending
   * hundreds, and when the entry ages out one request re-reads while the rest keep the old facts.
   */
  @Override
  public Optional<Slot> slotFacts(String slotId) {
    CachedSlot cached = facts.get(slotId);
    if (cached == null) {
      if (facts.size() > 10_000) {
        facts.clear();
      }
      cached = facts.computeIfAbsent(slotId, id -> findSlot(id).map(CachedSlot::new).orElse(null));
      return cached == null ? Optional.empty() : Optional.of(cached.slot());
    }
    if (System.nanoTime() - cached.readAt() >= FACTS_TTL_NANOS
        && cached.refreshing().compareAndSet(false, true)) {
      Optional<Slot> fresh = findSlot(slotId);
      if (fresh.isPresent()) {
        facts.put(slotId, new CachedSlot(fresh.get()));
        return fresh;
      }
      facts.remove(slotId);
      return Optional.empty();
    }
    return Optional.of(cached.slot());
  }

  @Override
  public Optional<Slot> findSlot(String slotId) {
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
  public Optional<Slot> setAdmission(
      String slotId, fairslot.domain.Admission admission, Change change) {
    facts.remove(slotId);
    return changeSlot(
        slotId,
        "SET admission = :a",
        "attribute_exists(PK)",
        Map.of(),
        Map.of(":a", s(admission.name())),
        "admission",
        admission.name(),
        change);
  }

  @Override
  public Optional<Slot> moveSlot(String slotId, SlotStatus from, SlotStatus to, Change change) {
    facts.remove(slotId);
    return changeSlot(
        slotId,
        "SET #status = :to",
        "#status = :from",
        Map.of("#status", "status"),
        Map.of(":to", s(to.name()), ":from", s(from.name())),
        from.name(),
        to.name(),
        change);
  }

  /** One conditional update of the slot with its audit record; empty if the condition failed. */
  private Optional<Slot> changeSlot(
      String slotId,
      String update,
      String condition,
      Map<String, String> names,
      Map<String, AttributeValue> values,
      String auditFrom,
      String auditTo,
      Change change) {
    Update.Builder slot =
        Update.builder()
            .tableName(table)
            .key(Attr.key(Keys.slot(slotId), "SLOT"))
            .updateExpression(update)
            .conditionExpression(condition)
            .expressionAttributeValues(values);
    if (!names.isEmpty()) {
      slot.expressionAttributeNames(names);
    }
    try {
      dynamo.transactWriteItems(
          r ->
              r.transactItems(
                  TransactWriteItem.builder().update(slot.build()).build(),
                  TransactWriteItem.builder()
                      .put(
                          Put.builder()
                              .tableName(table)
                              .item(
                                  AuditItemMapper.toItem(
                                      Keys.slot(slotId),
                                      "slot:" + slotId,
                                      auditFrom,
                                      auditTo,
                                      change))
                              .build())
                      .build()));
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
