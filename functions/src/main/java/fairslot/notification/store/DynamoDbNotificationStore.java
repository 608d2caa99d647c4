package fairslot.notification.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.definitions.Fairslot;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.notification.app.NotificationStore;
import fairslot.notification.domain.Delivery;
import fairslot.notification.domain.DeliveryStatus;
import fairslot.table.Attr;
import fairslot.table.Cursors;
import fairslot.table.Keys;
import fairslot.table.OwnWrites;
import fairslot.table.ShardedIndex;
import fairslot.table.Transaction;
import fairslot.table.TxItems;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

public final class DynamoDbNotificationStore implements NotificationStore {

  /** The named actions of this file's transactions: a cancellation is read by these. */
  private enum Action {
    NOTICE
  }

  private final DynamoDbClient dynamo;
  private final String table;
  private final NoticeWrites writes;

  public DynamoDbNotificationStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.writes = new NoticeWrites(table);
  }

  @Override
  public Due due(Instant now, int limit) {
    List<Pending> notices = new ArrayList<>();
    List<Delivery> deliveries = new ArrayList<>();
    for (var item :
        new ShardedIndex(
                dynamo, table, Fairslot.NOTIFICATIONS_DUE, "NOTIFY", "notifyShard", "notifyDueAt")
            .dueBy(now, limit)
            .items()) {
      if (NotificationItemMapper.isDelivery(item)) {
        deliveries.add(NotificationItemMapper.fromDelivery(item));
      } else {
        notices.add(NotificationItemMapper.notice(item));
      }
    }
    return new Due(notices, deliveries);
  }

  @Override
  public boolean dispatch(
      Pending notice, List<Delivery> deliveries, Instant at, Instant leaseUntil) {
    Transaction<Action> tx =
        new Transaction<Action>()
            .add(
                Action.NOTICE,
                TransactWriteItem.builder().update(writes.dispatch(notice, at)).build());
    for (Delivery d : deliveries) {
      tx.add(
          TxItems.put(
              Put.builder()
                  .tableName(table)
                  .item(NotificationItemMapper.delivery(d, leaseUntil))
                  // A delivery is made once, whatever reruns its notice.
                  .conditionExpression("attribute_not_exists(PK)")));
    }
    Optional<Transaction.Cancelled<Action>> cancelled = tx.commit(dynamo);
    if (cancelled.isEmpty()) {
      return true;
    }
    if (cancelled.get().failed(Action.NOTICE)) {
      return false; // another sender dispatched it
    }
    // A delivery exists already (the notice was written again after its dispatch): close the
    // notice, and send nothing twice.
    try {
      dynamo.updateItem(writes.dispatchAlone(notice, at));
      return true;
    } catch (ConditionalCheckFailedException someoneElse) {
      return false;
    }
  }

  @Override
  public Optional<Delivery> claim(Delivery d, Instant leaseUntil) {
    // a lost answer must not read as another run's claim (skipped until the lease ended)
    String claim = OwnWrites.stamp();
    Map<String, AttributeValue> values = new HashMap<>();
    values.put(":pending", s(DeliveryStatus.PENDING));
    values.put(":seen", n(d.attempts()));
    values.put(":next", n(d.attempts() + 1));
    values.put(":lease", millis(leaseUntil));
    values.put(":claim", s(claim));
    UpdateItemRequest update =
        UpdateItemRequest.builder()
            .tableName(table)
            .key(NotificationItemMapper.deliveryKey(d.id()))
            .updateExpression("SET attempts = :next, notifyDueAt = :lease, claimId = :claim")
            .conditionExpression("#status = :pending AND attempts = :seen")
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(values)
            .returnValuesOnConditionCheckFailure(Attr.ALL_OLD)
            .build();
    return OwnWrites.apply(dynamo, update, "claimId", claim)
        ? Optional.of(d.oneMoreTry())
        : Optional.empty();
  }

  @Override
  public boolean sent(Delivery d, Instant at) {
    return updateDelivery(
        d,
        "SET #status = :sent, sentAt = :at, #ttl = :ttl REMOVE notifyShard, notifyDueAt",
        Map.of(":sent", s(DeliveryStatus.SENT), ":at", millis(at), ":ttl", keptUntil(at)));
  }

  @Override
  public boolean failed(Delivery d, Instant nextAt, boolean park, String error) {
    return park
        ? updateDelivery(
            d,
            "SET #status = :parked, lastError = :error,"
                + " notifyShard = :parkedShard, notifyDueAt = :now",
            Map.of(
                ":parked",
                s(DeliveryStatus.PARKED),
                ":error",
                s(error),
                ":parkedShard",
                s(NotificationItemMapper.PARKED_SHARD),
                ":now",
                millis(nextAt)))
        : updateDelivery(
            d,
            "SET notifyDueAt = :next, lastError = :error",
            Map.of(":next", millis(nextAt), ":error", s(error)));
  }

  @Override
  public boolean fellBack(
      Delivery claimed, Delivery next, String why, Instant at, Instant leaseUntil) {
    return DeliveryFallBacks.fallBack(dynamo, table, claimed, next, why, at, leaseUntil);
  }

  @Override
  public List<Delivery> ofMember(String userId, int limit) {
    return dynamo
        .query(
            r ->
                r.tableName(table)
                    .keyConditionExpression("PK = :pk AND begins_with(SK, :notify)")
                    .expressionAttributeValues(
                        Map.of(":pk", s(Keys.member(userId)), ":notify", s("NOTIFY#")))
                    .scanIndexForward(false)
                    .limit(limit))
        .items()
        .stream()
        .map(NotificationItemMapper::fromDelivery)
        .toList();
  }

  @Override
  public Page<Delivery> parked(PageRequest page) {
    String list = "parked#" + NotificationItemMapper.PARKED_SHARD;
    var query =
        QueryRequest.builder()
            .tableName(table)
            .indexName(Fairslot.NOTIFICATIONS_DUE)
            .keyConditionExpression("notifyShard = :parked")
            .expressionAttributeValues(Map.of(":parked", s(NotificationItemMapper.PARKED_SHARD)))
            .limit(page.limit());
    Cursors.startKey(page, list).ifPresent(query::exclusiveStartKey);
    var response = dynamo.query(query.build());
    return new Page<>(
        response.items().stream().map(NotificationItemMapper::fromDelivery).toList(),
        Cursors.encode(list, response.lastEvaluatedKey()));
  }

  @Override
  public Optional<Delivery> find(Delivery.Id id) {
    var item =
        dynamo
            .getItem(
                r ->
                    r.tableName(table)
                        .key(NotificationItemMapper.deliveryKey(id))
                        .consistentRead(true))
            .item();
    return item == null || item.isEmpty()
        ? Optional.empty()
        : Optional.of(NotificationItemMapper.fromDelivery(item));
  }

  @Override
  public boolean retry(Delivery parked, Instant at) {
    Map<String, AttributeValue> values = new HashMap<>();
    values.put(":pending", s(DeliveryStatus.PENDING));
    values.put(":parked", s(DeliveryStatus.PARKED));
    values.put(":zero", n(0));
    values.put(":shard", s(Keys.shard("NOTIFY", parked.id().encode())));
    values.put(":at", millis(at));
    try {
      dynamo.updateItem(
          r ->
              r.tableName(table)
                  .key(NotificationItemMapper.deliveryKey(parked.id()))
                  .updateExpression(
                      "SET #status = :pending, attempts = :zero, notifyShard = :shard,"
                          + " notifyDueAt = :at")
                  .conditionExpression("#status = :parked")
                  .expressionAttributeNames(Map.of("#status", "status"))
                  .expressionAttributeValues(values));
      return true;
    } catch (ConditionalCheckFailedException notParked) {
      return false;
    }
  }

  /**
   * Conditional on the delivery still being PENDING with the tries this sender saw (or, holding the
   * claim, counted).
   */
  private boolean updateDelivery(
      Delivery d, String expression, Map<String, AttributeValue> values) {
    Map<String, AttributeValue> all = new HashMap<>(values);
    all.put(":pending", s(DeliveryStatus.PENDING));
    all.put(":seen", n(d.attempts()));
    return conditional(
        NotificationItemMapper.deliveryKey(d.id()),
        expression,
        "#status = :pending AND attempts = :seen",
        all);
  }

  private boolean conditional(
      Map<String, AttributeValue> key,
      String expression,
      String condition,
      Map<String, AttributeValue> values) {
    try {
      dynamo.updateItem(
          r ->
              r.tableName(table)
                  .key(key)
                  .updateExpression(expression)
                  .conditionExpression(condition)
                  .expressionAttributeNames(
                      expression.contains("#ttl")
                          ? Map.of("#status", "status", "#ttl", "ttl")
                          : Map.of("#status", "status"))
                  .expressionAttributeValues(values));
      return true;
    } catch (ConditionalCheckFailedException someoneElse) {
      return false;
    }
  }

  private static AttributeValue keptUntil(Instant at) {
    return NoticeWrites.keptUntil(at);
  }
}
