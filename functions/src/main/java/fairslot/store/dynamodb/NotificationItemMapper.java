package fairslot.store.dynamodb;

import static fairslot.store.dynamodb.Attr.millis;
import static fairslot.store.dynamodb.Attr.n;
import static fairslot.store.dynamodb.Attr.s;

import fairslot.domain.Notification;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Outbox records: PENDING with sparse notificationsDue keys until sent; SENT, or PARKED for staff
 * after the last failed try. The key is the notification's identity, so a change notifies once.
 */
final class NotificationItemMapper {
  private NotificationItemMapper() {}

  static Map<String, AttributeValue> pending(Notification note, Instant at) {
    Map<String, AttributeValue> item =
        new HashMap<>(Attr.key(Keys.notification(note.key()), "NOTIFY"));
    item.put("type", s("NOTIFICATION"));
    item.put("userId", s(note.userId()));
    item.put("slotId", s(note.slotId()));
    item.put("kind", s(note.kind().name()));
    item.put("ref", s(note.ref()));
    item.put("status", s("PENDING"));
    item.put("attempts", n(0));
    item.put("createdAt", millis(at));
    item.put("notifyShard", s(Keys.shard("NOTIFY", note.key())));
    item.put("notifyDueAt", millis(at));
    return item;
  }

  static Notification fromItem(Map<String, AttributeValue> item) {
    return new Notification(
        Attr.str(item, "userId"),
        Attr.str(item, "slotId"),
        Notification.Kind.valueOf(Attr.str(item, "kind")),
        Attr.str(item, "ref"));
  }
}
