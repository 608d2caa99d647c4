package fairslot.webhook.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.table.Attr;
import fairslot.table.Keys;
import fairslot.webhook.domain.Delivery;
import fairslot.webhook.domain.DeliveryState;
import fairslot.webhook.domain.Webhook;
import fairslot.webhook.domain.WebhookEvent;
import fairslot.webhook.domain.WebhookEventType;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The webhook items and their keys: a subscription under its venue ({@code WEBHOOK#id}), the
 * venue's count of them ({@code WEBHOOKS}), and under the subscription its deliveries ({@code
 * DELIVERY#id}) and the last delivery of each subject ({@code CHAIN#subject}). A PENDING delivery
 * carries the cancels-due index's keys (family HOOKS) while a try is due; deliveries expire by TTL.
 */
final class WebhookItems {
  private WebhookItems() {}

  static final String FAMILY = "HOOKS";
  static final String COUNT = "WEBHOOKS";
  static final String DUE_SHARD = "cancelDueShard";
  static final String DUE_AT = "cancelDueAt";

  /** How long a delivery's history is kept. */
  static final Duration KEPT = Duration.ofDays(30);

  static Map<String, AttributeValue> webhookKey(String venueId, String webhookId) {
    return Attr.key(Keys.venue(venueId), "WEBHOOK#" + webhookId);
  }

  static Map<String, AttributeValue> countKey(String venueId) {
    return Attr.key(Keys.venue(venueId), COUNT);
  }

  static Map<String, AttributeValue> deliveryKey(String webhookId, String deliveryId) {
    return Attr.key(Keys.webhook(webhookId), "DELIVERY#" + deliveryId);
  }

  static Map<String, AttributeValue> chainKey(String webhookId, String subject) {
    return Attr.key(Keys.webhook(webhookId), "CHAIN#" + subject);
  }

  static Map<String, AttributeValue> toItem(Webhook w) {
    Map<String, AttributeValue> item = new HashMap<>(webhookKey(w.venueId(), w.webhookId()));
    item.put("type", s("WEBHOOK"));
    item.put("webhookId", s(w.webhookId()));
    item.put("venueId", s(w.venueId()));
    item.put("url", s(w.url().toString()));
    item.put(
        "events", AttributeValue.fromSs(w.events().stream().map(WebhookEventType::name).toList()));
    item.put("createdAt", millis(w.createdAt()));
    return item;
  }

  static Webhook webhook(Map<String, AttributeValue> item) {
    EnumSet<WebhookEventType> events = EnumSet.noneOf(WebhookEventType.class);
    item.get("events").ss().forEach(e -> events.add(WebhookEventType.valueOf(e)));
    return new Webhook(
        Attr.str(item, "webhookId"),
        Attr.str(item, "venueId"),
        URI.create(Attr.str(item, "url")),
        events,
        Instant.ofEpochMilli(Attr.num(item, "createdAt")));
  }

  static Map<String, AttributeValue> toItem(Delivery d) {
    WebhookEvent e = d.event();
    Map<String, AttributeValue> item = new HashMap<>(deliveryKey(d.webhookId(), d.deliveryId()));
    item.put("type", s("WEBHOOK_DELIVERY"));
    item.put("webhookId", s(d.webhookId()));
    item.put("deliveryId", s(d.deliveryId()));
    item.put("eventId", s(e.eventId()));
    item.put("eventType", s(e.type().name()));
    item.put("venueId", s(e.venueId()));
    item.put("subject", s(e.subject()));
    item.put("order", n(e.order()));
    item.put("eventAt", millis(e.createdAt()));
    item.put("body", s(e.body()));
    d.after().ifPresent(a -> item.put("after", s(a)));
    item.put("state", s(d.state()));
    item.put("attempts", n(d.attempts()));
    item.put("since", millis(d.since()));
    item.put("lastStatus", n(d.lastStatus()));
    if (d.state() == DeliveryState.PENDING) {
      item.put(DUE_SHARD, s(Keys.shard(FAMILY, d.deliveryId())));
      item.put(DUE_AT, millis(d.nextAt().orElse(d.since())));
    }
    item.put("ttl", n(e.createdAt().plus(KEPT).getEpochSecond()));
    return item;
  }

  static Delivery delivery(Map<String, AttributeValue> item) {
    WebhookEvent event =
        new WebhookEvent(
            Attr.str(item, "eventId"),
            WebhookEventType.valueOf(Attr.str(item, "eventType")),
            Attr.str(item, "venueId"),
            Attr.str(item, "subject"),
            Attr.num(item, "order"),
            Instant.ofEpochMilli(Attr.num(item, "eventAt")),
            Attr.str(item, "body"));
    return new Delivery(
        Attr.str(item, "webhookId"),
        Attr.str(item, "deliveryId"),
        event,
        Optional.ofNullable(item.get("after")).map(AttributeValue::s),
        DeliveryState.valueOf(Attr.str(item, "state")),
        (int) Attr.num(item, "attempts"),
        Instant.ofEpochMilli(Attr.num(item, "since")),
        Optional.ofNullable(item.get(DUE_AT)).map(v -> Instant.ofEpochMilli(Long.parseLong(v.n()))),
        (int) Attr.num(item, "lastStatus"));
  }
}
