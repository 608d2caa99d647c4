package fairslot.table;

import fairslot.kernel.Change;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The audit records written in the same transaction as the change they describe. Unconditional:
 * they ride on the change's own conditions. (The outbox notice and the finance exception have their
 * own builders in their features: {@code NoticeWrites}, {@code ExceptionWrites}.)
 */
public final class RecordParts {
  private final String table;

  public RecordParts(String table) {
    this.table = table;
  }

  /**
   * The audit record of a booking's move to {@code b.version() + 1} (or of its placement, version
   * 1).
   */
  public TransactWriteItem auditBooking(
      String bookingId, long version, String from, String to, Change change) {
    long sequence = from.equals("-") ? version : version + 1;
    return put(
        AuditItemMapper.toItem(
            Keys.booking(bookingId), "booking:" + bookingId, from, to, change, sequence));
  }

  /** An audit record about a booking that does not move it (e.g. a late payment sent back). */
  public TransactWriteItem noteOnBooking(String bookingId, String status, Change change) {
    return put(
        AuditItemMapper.toItem(
            Keys.booking(bookingId), "booking:" + bookingId, status, status, change));
  }

  public TransactWriteItem auditEntry(String entryId, String from, String to, Change change) {
    return put(
        AuditItemMapper.toItem(Keys.waitEntry(entryId), "waitlist:" + entryId, from, to, change));
  }

  public TransactWriteItem auditException(
      String exceptionId, String from, String to, Change change) {
    return put(
        AuditItemMapper.toItem(
            Keys.financeException(exceptionId), "exception:" + exceptionId, from, to, change));
  }

  /** An audit record of any entity kept under {@code pk} (a pass, a plan, a member's standing). */
  public TransactWriteItem audit(String pk, String entity, String from, String to, Change change) {
    return put(AuditItemMapper.toItem(pk, entity, from, to, change));
  }

  /** As above, with fields an owner's index reads (e.g. the moneyMoves index on payments). */
  public TransactWriteItem audit(
      String pk,
      String entity,
      String from,
      String to,
      Change change,
      Map<String, AttributeValue> fields) {
    Map<String, AttributeValue> item =
        new HashMap<>(AuditItemMapper.toItem(pk, entity, from, to, change));
    item.putAll(fields);
    return put(item);
  }

  /** The audit record of reconcile's repair of a slot's counter, before and after. */
  public TransactWriteItem auditRecount(String slotId, int remaining, int expected, Change change) {
    return put(
        AuditItemMapper.withFields(
            AuditItemMapper.toItem(
                Keys.slot(slotId),
                "slot:" + slotId,
                "remaining=" + remaining,
                "remaining=" + expected,
                change),
            Map.of("remaining", remaining),
            Map.of("remaining", expected)));
  }

  private TransactWriteItem put(Map<String, AttributeValue> item) {
    return TransactWriteItem.builder()
        .put(Put.builder().tableName(table).item(item).build())
        .build();
  }
}
