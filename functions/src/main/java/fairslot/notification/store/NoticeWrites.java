package fairslot.notification.store;

import static fairslot.table.Attr.millis;
import static fairslot.table.Attr.n;
import static fairslot.table.Attr.s;

import fairslot.notification.app.NotificationStore.Pending;
import fairslot.notification.domain.NoticeStatus;
import fairslot.notification.domain.Notification;
import fairslot.table.Attr;
import fairslot.table.Keys;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The outbox notice's one builder: the record written in the transaction of the change it reports
 * (unconditional: it rides on the change's own conditions), and its dispatch.
 */
public final class NoticeWrites {
  private final String table;

  public NoticeWrites(String table) {
    this.table = table;
  }

  /** The booking's confirmation, written with the move that confirms it (placed PAID, or paid). */
  public TransactWriteItem bookingConfirmed(
      String userId, String slotId, String bookingId, Instant at) {
    return notify(
        new Notification(userId, slotId, Notification.Kind.BOOKING_CONFIRMED, bookingId), at);
  }

  public TransactWriteItem notify(Notification note, Instant at) {
    return TransactWriteItem.builder()
        .put(Put.builder().tableName(table).item(NotificationItemMapper.pending(note, at)).build())
        .build();
  }

  /**
   * Retention (docs/security.md): a dispatched notice and a sent message are deleted by TTL this
   * long after, their questions answered; parked ones stay for the desk.
   */
  static final Duration SENT_KEPT = Duration.ofDays(90);

  static AttributeValue keptUntil(Instant at) {
    return n(at.plus(SENT_KEPT).getEpochSecond());
  }

  /**
   * A PENDING notice dispatched (its deliveries written beside it), on condition no other sender
   * dispatched it or counted a try since this one read it.
   */
  Update dispatch(Pending notice, Instant at) {
    return Update.builder()
        .tableName(table)
        .key(Attr.key(Keys.notification(notice.notification().key()), "NOTIFY"))
        .updateExpression(DISPATCHED)
        .conditionExpression(STILL_PENDING)
        .expressionAttributeNames(Map.of("#status", "status", "#ttl", "ttl"))
        .expressionAttributeValues(dispatchValues(notice, at))
        .build();
  }

  /** The same dispatch alone: its deliveries exist already (it was written again after one). */
  UpdateItemRequest dispatchAlone(Pending notice, Instant at) {
    Update dispatch = dispatch(notice, at);
    return UpdateItemRequest.builder()
        .tableName(dispatch.tableName())
        .key(dispatch.key())
        .updateExpression(dispatch.updateExpression())
        .conditionExpression(dispatch.conditionExpression())
        .expressionAttributeNames(dispatch.expressionAttributeNames())
        .expressionAttributeValues(dispatch.expressionAttributeValues())
        .build();
  }

  private static final String DISPATCHED =
      "SET #status = :dispatched, dispatchedAt = :at, #ttl = :ttl REMOVE notifyShard, notifyDueAt";
  private static final String STILL_PENDING = "#status = :pending AND attempts = :seen";

  private static Map<String, AttributeValue> dispatchValues(Pending notice, Instant at) {
    return Map.of(
        ":dispatched",
        s(NoticeStatus.DISPATCHED),
        ":at",
        millis(at),
        ":ttl",
        keptUntil(at),
        ":pending",
        s(NoticeStatus.PENDING),
        ":seen",
        n(notice.attempts()));
  }
}
