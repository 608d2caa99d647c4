package fairslot.store.dynamodb;

import fairslot.app.Change;
import fairslot.domain.Booking;
import fairslot.domain.Notification;
import java.time.Instant;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The records written in the same transaction as the change they describe: audit entries and outbox
 * notifications. Unconditional: they ride on the change's own conditions.
 */
final class RecordParts {
  private final String table;

  RecordParts(String table) {
    this.table = table;
  }

  /**
   * The audit record of a booking's move to {@code b.version() + 1} (or of its placement, version
   * 1).
   */
  TransactWriteItem auditBooking(Booking b, String from, String to, Change change) {
    long sequence = from.equals("-") ? b.version() : b.version() + 1;
    return put(
        AuditItemMapper.toItem(
            Keys.booking(b.bookingId()), "booking:" + b.bookingId(), from, to, change, sequence));
  }

  /** An audit record about a booking that does not move it (e.g. a late payment sent back). */
  TransactWriteItem noteOnBooking(Booking b, Change change) {
    return put(
        AuditItemMapper.toItem(
            Keys.booking(b.bookingId()),
            "booking:" + b.bookingId(),
            b.status().name(),
            b.status().name(),
            change));
  }

  TransactWriteItem auditPayment(String paymentNo, String from, String to, Change change) {
    return put(
        AuditItemMapper.toItem(Keys.payment(paymentNo), "payment:" + paymentNo, from, to, change));
  }

  TransactWriteItem auditEntry(String entryId, String from, String to, Change change) {
    return put(
        AuditItemMapper.toItem(Keys.waitEntry(entryId), "waitlist:" + entryId, from, to, change));
  }

  /**
   * A new finance exception, in the transaction of the event that caused it. Its id comes from the
   * event, and it is put only if absent: a replay can never write a second one, nor reopen one
   * finance resolved.
   */
  TransactWriteItem openException(fairslot.domain.FinanceException e) {
    return TransactWriteItem.builder()
        .put(
            Put.builder()
                .tableName(table)
                .item(FinanceExceptionMapper.toItem(e))
                .conditionExpression("attribute_not_exists(PK)")
                .build())
        .build();
  }

  TransactWriteItem auditException(String exceptionId, String from, String to, Change change) {
    return put(
        AuditItemMapper.toItem(
            Keys.financeException(exceptionId), "exception:" + exceptionId, from, to, change));
  }

  /** An audit record of any entity kept under {@code pk} (a pass, a plan, a member's standing). */
  TransactWriteItem audit(String pk, String entity, String from, String to, Change change) {
    return put(AuditItemMapper.toItem(pk, entity, from, to, change));
  }

  /** An outbox record, written in the transaction of the change it reports. */
  TransactWriteItem notify(Notification note, Instant at) {
    return put(NotificationItemMapper.pending(note, at));
  }

  private TransactWriteItem put(
      java.util.Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item) {
    return TransactWriteItem.builder()
        .put(Put.builder().tableName(table).item(item).build())
        .build();
  }
}
