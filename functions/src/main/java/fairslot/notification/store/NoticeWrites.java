package fairslot.notification.store;

import fairslot.notification.domain.Notification;
import java.time.Instant;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The outbox notice's one builder: the record written in the transaction of the change it reports.
 * Unconditional: it rides on the change's own conditions.
 */
public final class NoticeWrites {
  private final String table;

  public NoticeWrites(String table) {
    this.table = table;
  }

  public TransactWriteItem notify(Notification note, Instant at) {
    return TransactWriteItem.builder()
        .put(Put.builder().tableName(table).item(NotificationItemMapper.pending(note, at)).build())
        .build();
  }
}
