package fairslot.notification.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.kernel.Attachment;
import fairslot.kernel.MessageText;
import fairslot.member.domain.Channel;
import fairslot.notification.app.NotificationStore;
import fairslot.notification.domain.Delivery;
import fairslot.notification.domain.DeliveryStatus;
import fairslot.notification.domain.NoticeStatus;
import fairslot.notification.domain.Notification;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The outbox's two items. A notice ({@code NOTIFY#<identity>}) is written by the change it reports:
 * PENDING with notificationsDue keys until dispatched. Its deliveries live in the member's
 * partition ({@code MEMBER#<user>} / {@code NOTIFY#<time>#<identity>#<channel>}, so the member's
 * list is one query, newest first): PENDING with notificationsDue keys until SENT, or PARKED under
 * the single {@code PARKED} key of the same index for staff. Keys are identities, so nothing is
 * sent twice.
 */
public final class NotificationItemMapper {
  static final String NOTICE = "NOTIFICATION";
  static final String DELIVERY = "DELIVERY";
  static final String PARKED_SHARD = "PARKED";

  private NotificationItemMapper() {}

  public static Map<String, AttributeValue> pending(Notification note, Instant at) {
    Map<String, AttributeValue> item =
        new HashMap<>(Attr.key(Keys.notification(note.key()), "NOTIFY"));
    item.put("type", s(NOTICE));
    item.put("userId", s(note.userId()));
    item.put("slotId", s(note.slotId()));
    item.put("kind", s(note.kind().name()));
    item.put("ref", s(note.ref()));
    item.put("status", s(NoticeStatus.PENDING));
    item.put("attempts", n(0));
    item.put("createdAt", millis(at));
    item.put("notifyShard", s(Keys.shard("NOTIFY", note.key())));
    item.put("notifyDueAt", millis(at));
    return item;
  }

  static boolean isDelivery(Map<String, AttributeValue> item) {
    return DELIVERY.equals(Attr.optionalString(item, "type").orElse(""));
  }

  static NotificationStore.Pending notice(Map<String, AttributeValue> item) {
    return new NotificationStore.Pending(
        about(item), Attr.integer(item, "attempts"), Attr.instant(item, "createdAt"));
  }

  static Map<String, AttributeValue> deliveryKey(Delivery.Id id) {
    return Attr.key(
        Keys.member(id.about().userId()),
        String.format(
            "NOTIFY#%013d#%s#%s", id.createdAt().toEpochMilli(), id.about().key(), id.channel()));
  }

  /** A delivery, due at {@code dueAt} (the end of its first try's claim). */
  static Map<String, AttributeValue> delivery(Delivery d, Instant dueAt) {
    Map<String, AttributeValue> item = new HashMap<>(deliveryKey(d.id()));
    item.put("type", s(DELIVERY));
    item.put("userId", s(d.about().userId()));
    item.put("slotId", s(d.about().slotId()));
    item.put("kind", s(d.about().kind().name()));
    item.put("ref", s(d.about().ref()));
    item.put("channel", s(d.channel().name()));
    item.put("address", s(d.address()));
    item.put("subject", s(d.message().subject()));
    item.put("body", s(d.message().body()));
    d.message().reason().ifPresent(r -> item.put("reason", s(r)));
    d.message()
        .attachment()
        .ifPresent(
            a -> {
              item.put("fileName", s(a.filename()));
              item.put("fileType", s(a.contentType()));
              item.put("file", s(a.content()));
            });
    item.put("status", s(d.status().name()));
    item.put("attempts", n(d.attempts()));
    item.put("createdAt", millis(d.createdAt()));
    item.put("notifyShard", s(Keys.shard("NOTIFY", d.id().encode())));
    item.put("notifyDueAt", millis(dueAt));
    return item;
  }

  static Delivery fromDelivery(Map<String, AttributeValue> item) {
    return new Delivery(
        about(item),
        Channel.valueOf(Attr.str(item, "channel")),
        Attr.str(item, "address"),
        new MessageText(
            Attr.str(item, "subject"),
            Attr.str(item, "body"),
            Attr.optionalString(item, "reason"),
            Attr.optionalString(item, "file")
                .map(
                    f ->
                        new Attachment(Attr.str(item, "fileName"), Attr.str(item, "fileType"), f))),
        DeliveryStatus.valueOf(Attr.str(item, "status")),
        Attr.integer(item, "attempts"),
        Attr.instant(item, "createdAt"),
        Attr.optionalInstant(item, "sentAt"),
        Attr.optionalString(item, "lastError"));
  }

  private static Notification about(Map<String, AttributeValue> item) {
    return new Notification(
        Attr.str(item, "userId"),
        Attr.str(item, "slotId"),
        Notification.Kind.valueOf(Attr.str(item, "kind")),
        Attr.str(item, "ref"));
  }
}
