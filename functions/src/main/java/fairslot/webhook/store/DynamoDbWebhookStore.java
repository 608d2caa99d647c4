package fairslot.webhook.store;

import static fairslot.table.Attr.s;

import fairslot.definitions.Fairslot;
import fairslot.kernel.Page;
import fairslot.kernel.PageRequest;
import fairslot.table.Attr;
import fairslot.table.Cursors;
import fairslot.table.Keys;
import fairslot.table.ShardedIndex;
import fairslot.table.Transaction;
import fairslot.webhook.app.WebhookStore;
import fairslot.webhook.domain.Delivery;
import fairslot.webhook.domain.DeliveryState;
import fairslot.webhook.domain.Webhook;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/** Webhook subscriptions and deliveries in the table; every write through {@link WebhookWrites}. */
public final class DynamoDbWebhookStore implements WebhookStore {
  private enum Action {
    WEBHOOK,
    COUNT,
    DELIVERY,
    CHAIN
  }

  /** Each retry means another delivery of the same subject was chained meanwhile. */
  private static final int CHAIN_ATTEMPTS = 8;

  private final DynamoDbClient dynamo;
  private final String table;
  private final WebhookWrites writes;

  public DynamoDbWebhookStore(DynamoDbClient dynamo, String table) {
    this.dynamo = dynamo;
    this.table = table;
    this.writes = new WebhookWrites(table);
  }

  @Override
  public Subscribed create(Webhook webhook, int cap) {
    Optional<Transaction.Cancelled<Action>> cancelled =
        new Transaction<Action>()
            .add(Action.WEBHOOK, writes.create(webhook))
            .add(Action.COUNT, writes.countUp(webhook.venueId(), cap))
            .commit(dynamo);
    if (cancelled.isEmpty()) {
      return new Subscribed.Created(webhook);
    }
    Optional<Map<String, AttributeValue>> existing = cancelled.get().oldItem(Action.WEBHOOK);
    if (cancelled.get().failed(Action.WEBHOOK) && existing.isPresent()) {
      return new Subscribed.Existing(WebhookItems.webhook(existing.get()));
    }
    if (cancelled.get().failed(Action.COUNT)) {
      return new Subscribed.AtCap(cap);
    }
    throw cancelled.get().exception();
  }

  @Override
  public List<Webhook> webhooksOf(String venueId) {
    List<Webhook> found = new ArrayList<>();
    for (Map<String, AttributeValue> item :
        dynamo
            .queryPaginator(
                r ->
                    r.tableName(table)
                        .keyConditionExpression("PK = :pk AND begins_with(SK, :w)")
                        .expressionAttributeValues(
                            Map.of(":pk", s(Keys.venue(venueId)), ":w", s("WEBHOOK#")))
                        .consistentRead(true))
            .items()) {
      found.add(WebhookItems.webhook(item));
    }
    return found;
  }

  @Override
  public Optional<Webhook> find(String venueId, String webhookId) {
    return get(WebhookItems.webhookKey(venueId, webhookId)).map(WebhookItems::webhook);
  }

  @Override
  public boolean delete(String venueId, String webhookId) {
    return new Transaction<Action>()
        .add(Action.WEBHOOK, writes.delete(venueId, webhookId))
        .add(Action.COUNT, writes.countDown(venueId))
        .commit(dynamo)
        .isEmpty();
  }

  @Override
  public boolean record(Delivery d) {
    String subject = d.event().subject();
    for (int attempt = 0; attempt < CHAIN_ATTEMPTS; attempt++) {
      Optional<Map<String, AttributeValue>> chain =
          get(WebhookItems.chainKey(d.webhookId(), subject));
      Optional<Long> lastOrder = chain.map(c -> Attr.num(c, "lastOrder"));
      if (lastOrder.isPresent() && lastOrder.get() >= d.event().order()) {
        return false; // this change, or a later one of the subject, is recorded already
      }
      Delivery chained =
          new Delivery(
              d.webhookId(),
              d.deliveryId(),
              d.event(),
              chain.map(c -> Attr.str(c, "last")),
              d.state(),
              d.attempts(),
              d.since(),
              d.nextAt(),
              d.lastStatus());
      Optional<Transaction.Cancelled<Action>> cancelled =
          new Transaction<Action>()
              .add(Action.DELIVERY, writes.record(chained))
              .add(Action.CHAIN, writes.chain(chained, lastOrder))
              .commit(dynamo);
      if (cancelled.isEmpty()) {
        return true;
      }
      if (cancelled.get().failed(Action.DELIVERY)) {
        return false;
      }
      if (!cancelled.get().failed(Action.CHAIN)) {
        throw cancelled.get().exception();
      }
    }
    throw new IllegalStateException("the chain of " + subject + " kept moving");
  }

  @Override
  public List<Delivery> due(Instant by, int limit) {
    List<Delivery> due = new ArrayList<>();
    for (Map<String, AttributeValue> key :
        new ShardedIndex(
                dynamo,
                table,
                Fairslot.CANCELS_DUE,
                WebhookItems.FAMILY,
                WebhookItems.DUE_SHARD,
                WebhookItems.DUE_AT)
            .dueBy(by, limit)
            .items()) {
      get(Map.of(Keys.PK, key.get(Keys.PK), Keys.SK, key.get(Keys.SK)))
          .map(WebhookItems::delivery)
          .filter(d -> d.state() == DeliveryState.PENDING)
          .ifPresent(due::add);
    }
    return due;
  }

  @Override
  public Optional<Delivery> delivery(String webhookId, String deliveryId) {
    return get(WebhookItems.deliveryKey(webhookId, deliveryId)).map(WebhookItems::delivery);
  }

  @Override
  public boolean claim(Delivery read, Instant next) {
    return conditional(() -> dynamo.updateItem(writes.claim(read, next)));
  }

  @Override
  public boolean postpone(Delivery read, Instant at) {
    return conditional(() -> dynamo.updateItem(writes.postpone(read, at)));
  }

  @Override
  public boolean answered(Delivery claimed, DeliveryState to, int status) {
    return conditional(() -> dynamo.updateItem(writes.answered(claimed, to, status)));
  }

  @Override
  public boolean retry(Delivery read, Instant now) {
    return conditional(() -> dynamo.updateItem(writes.retry(read, now)));
  }

  @Override
  public Page<Delivery> deliveries(String webhookId, PageRequest page) {
    String list = "webhook-deliveries:" + webhookId;
    QueryRequest.Builder query =
        QueryRequest.builder()
            .tableName(table)
            .keyConditionExpression("PK = :pk AND begins_with(SK, :d)")
            .expressionAttributeValues(
                Map.of(":pk", s(Keys.webhook(webhookId)), ":d", s("DELIVERY#")))
            .scanIndexForward(false)
            .consistentRead(true)
            .limit(page.limit());
    Cursors.startKey(page, list).ifPresent(query::exclusiveStartKey);
    QueryResponse r = dynamo.query(query.build());
    return new Page<>(
        r.items().stream().map(WebhookItems::delivery).toList(),
        Cursors.encode(list, r.lastEvaluatedKey()));
  }

  private Optional<Map<String, AttributeValue>> get(Map<String, AttributeValue> key) {
    Map<String, AttributeValue> item =
        dynamo.getItem(r -> r.tableName(table).key(key).consistentRead(true)).item();
    return item == null || item.isEmpty() ? Optional.empty() : Optional.of(item);
  }

  /**
   * A conditional move; false when the item had moved. A move whose answer was lost and whose retry
   * then fails its own condition also answers false: for these moves that is only a delay (a
   * claim's try waits for its next due time), never a second send or a lost delivery.
   */
  private static boolean conditional(Runnable write) {
    try {
      write.run();
      return true;
    } catch (ConditionalCheckFailedException moved) {
      return false;
    }
  }
}
