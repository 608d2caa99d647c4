package fairslot.webhook.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.table.TxItems;
import fairslot.webhook.domain.Delivery;
import fairslot.webhook.domain.DeliveryState;
import fairslot.webhook.domain.Webhook;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/** The webhook items' writes and their conditions, and only here. */
final class WebhookWrites {
  private final String table;

  WebhookWrites(String table) {
    this.table = table;
  }

  /** A new subscription; a twin (same id) fails and comes back. */
  TransactWriteItem create(Webhook w) {
    return TxItems.put(
        Put.builder()
            .tableName(table)
            .item(WebhookItems.toItem(w))
            .conditionExpression("attribute_not_exists(PK)")
            .returnValuesOnConditionCheckFailure(Attr.ALL_OLD));
  }

  /** One more subscription of the venue, while it holds fewer than {@code cap}. */
  TransactWriteItem countUp(String venueId, int cap) {
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(WebhookItems.countKey(venueId))
            .updateExpression("ADD #n :one")
            .conditionExpression("attribute_not_exists(#n) OR #n < :cap")
            .expressionAttributeNames(Map.of("#n", "count"))
            .expressionAttributeValues(Map.of(":one", n(1), ":cap", n(cap))));
  }

  TransactWriteItem delete(String venueId, String webhookId) {
    return TransactWriteItem.builder()
        .delete(
            Delete.builder()
                .tableName(table)
                .key(WebhookItems.webhookKey(venueId, webhookId))
                .conditionExpression("attribute_exists(PK)")
                .build())
        .build();
  }

  TransactWriteItem countDown(String venueId) {
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(WebhookItems.countKey(venueId))
            .updateExpression("ADD #n :minus")
            .conditionExpression("#n > :zero")
            .expressionAttributeNames(Map.of("#n", "count"))
            .expressionAttributeValues(Map.of(":minus", n(-1), ":zero", n(0))));
  }

  /** The delivery, once: a second record of the same change fails. */
  TransactWriteItem record(Delivery d) {
    return TxItems.put(
        Put.builder()
            .tableName(table)
            .item(WebhookItems.toItem(d))
            .conditionExpression("attribute_not_exists(PK)"));
  }

  /** The subject's chain names this delivery as its last, if it still names the one read. */
  TransactWriteItem chain(Delivery d, Optional<Long> readOrder) {
    Map<String, AttributeValue> values =
        new HashMap<>(Map.of(":last", s(d.deliveryId()), ":order", n(d.event().order())));
    String condition = "attribute_not_exists(PK)";
    if (readOrder.isPresent()) {
      condition = "lastOrder = :read";
      values.put(":read", n(readOrder.get()));
    }
    return TxItems.update(
        Update.builder()
            .tableName(table)
            .key(WebhookItems.chainKey(d.webhookId(), d.event().subject()))
            .updateExpression("SET #last = :last, lastOrder = :order, #ttl = :ttl")
            .conditionExpression(condition)
            .expressionAttributeNames(Map.of("#last", "last", "#ttl", "ttl"))
            .expressionAttributeValues(withTtl(values, d)));
  }

  private static Map<String, AttributeValue> withTtl(
      Map<String, AttributeValue> values, Delivery d) {
    values.put(":ttl", n(d.event().createdAt().plus(WebhookItems.KEPT).getEpochSecond()));
    return values;
  }

  /** One try claimed: attempts + 1, the next due at {@code next}, if still as read. */
  UpdateItemRequest claim(Delivery read, Instant next) {
    return asRead(
        read,
        "SET attempts = :next, #due = :at",
        Map.of(":next", n(read.attempts() + 1), ":at", millis(next)));
  }

  UpdateItemRequest postpone(Delivery read, Instant at) {
    return asRead(read, "SET #due = :at", Map.of(":at", millis(at)));
  }

  /** The answer to the claimed try: DELIVERED or PARKED end it (off the due index). */
  UpdateItemRequest answered(Delivery claimed, DeliveryState to, int status) {
    if (to == DeliveryState.PENDING) {
      return asRead(claimed, "SET lastStatus = :status", Map.of(":status", n(status)));
    }
    return asRead(
        claimed,
        "SET #state = :to, lastStatus = :status REMOVE #shard, #due",
        Map.of(":to", s(to), ":status", n(status)));
  }

  /** A hand retry: PENDING, due now, attempts from 0, 24 more hours. */
  UpdateItemRequest retry(Delivery read, Instant now) {
    Map<String, AttributeValue> values = new HashMap<>();
    values.put(":pending", s(DeliveryState.PENDING));
    values.put(":zero", n(0));
    values.put(":now", millis(now));
    values.put(":shard", s(Keys.shard(WebhookItems.FAMILY, read.deliveryId())));
    values.put(":read", s(read.state()));
    values.put(":attempts", n(read.attempts()));
    return UpdateItemRequest.builder()
        .tableName(table)
        .key(WebhookItems.deliveryKey(read.webhookId(), read.deliveryId()))
        .updateExpression(
            "SET #state = :pending, attempts = :zero, since = :now, #shard = :shard, #due = :now")
        .conditionExpression("#state = :read AND attempts = :attempts")
        .expressionAttributeNames(
            Map.of(
                "#state", "state", "#shard", WebhookItems.DUE_SHARD, "#due", WebhookItems.DUE_AT))
        .expressionAttributeValues(values)
        .build();
  }

  /** {@code update} of a PENDING delivery whose attempts are still those of {@code read}. */
  private UpdateItemRequest asRead(
      Delivery read, String update, Map<String, AttributeValue> extra) {
    Map<String, AttributeValue> values = new HashMap<>(extra);
    values.put(":pending", s(DeliveryState.PENDING));
    values.put(":attempts", n(read.attempts()));
    Map<String, String> names = new HashMap<>(Map.of("#state", "state"));
    if (update.contains("#due")) {
      names.put("#due", WebhookItems.DUE_AT);
    }
    if (update.contains("#shard")) {
      names.put("#shard", WebhookItems.DUE_SHARD);
    }
    return UpdateItemRequest.builder()
        .tableName(table)
        .key(WebhookItems.deliveryKey(read.webhookId(), read.deliveryId()))
        .updateExpression(update)
        .conditionExpression("attribute_exists(PK) AND #state = :pending AND attempts = :attempts")
        .expressionAttributeNames(names)
        .expressionAttributeValues(values)
        .build();
  }
}
